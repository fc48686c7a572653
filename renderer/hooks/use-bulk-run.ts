import { useEffect, useRef, useState } from 'react';
import type { ConnectionState, TaskUpdateOutcome } from '../../common/views';
import type { BulkAction } from '../lib/bulk-action';
import { answeredCount } from '../lib/bulk-progress';
import { summarizeBulk } from '../lib/bulk-summary';
import type { BulkTarget } from '../lib/bulk-summary';
import { STATUS_LABELS } from '../../common/task-values';
import { bulkUndo } from '../lib/bulk-undo';
import { useStore } from './api-context';
import { useOfferUndo } from './use-undo';
import type { TasksController } from './use-tasks';

interface Run {
  readonly status: BulkTarget;
  /** The tasks sent, in list order (selected ones already showing the status are not). */
  readonly taskIds: readonly string[];
  readonly skipped: number;
  /** Null while main works through them. */
  readonly outcomes: readonly TaskUpdateOutcome[] | null;
  /** How the connection stood when the answer came: why queued changes wait. */
  readonly connection: ConnectionState | null;
}

/**
 * The bulk bar's one change at a time: sent for the selected tasks that do
 * not have it yet, how many main has answered, then what came of it.
 */
export function useBulkRun(tasks: TasksController, selected: ReadonlySet<string>) {
  const store = useStore();
  const [run, setRun] = useState<Run | null>(null);
  const running = run !== null && run.outcomes === null;
  const alive = useRef(true);
  const offer = useOfferUndo();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const apply = async (change: BulkAction) => {
    const status = change.target;
    const chosen = tasks.rows.filter((r) => selected.has(r.id));
    // As a single click on the value already shown: nothing to send (it would only bump updatedAt).
    const taskIds = chosen.filter((r) => !change.has(r)).map((r) => r.id);
    const skipped = chosen.length - taskIds.length;
    const connection = (): ConnectionState | null => {
      const c = store.get('connection');
      return c.phase === 'ready' ? c.value.state : null;
    };
    if (taskIds.length === 0) {
      setRun({ status, taskIds, skipped, outcomes: [], connection: connection() });
      return;
    }
    setRun({ status, taskIds, skipped, outcomes: null, connection: null });
    const outcomes = await tasks.changeMany(taskIds, change.patch);
    offerUndo(chosen, outcomes, change);
    if (alive.current)
      setRun((r) => (r?.taskIds === taskIds ? { ...r, outcomes, connection: connection() } : r));
  };

  /** The tasks main took the change for, each set back to what it showed before (undo). */
  function offerUndo(
    before: typeof tasks.rows,
    outcomes: readonly TaskUpdateOutcome[],
    change: BulkAction,
  ) {
    const taken = outcomes.filter((o) => o.result.ok).map((o) => o.taskId);
    const groups = bulkUndo(before, taken, change.patch);
    if (groups.length === 0) return;
    const what =
      typeof change.target === 'string' ? STATUS_LABELS[change.target] : change.target.label;
    offer({
      text: `${taken.length} task${taken.length === 1 ? '' : 's'} set to ${what}.`,
      undo: async () => {
        for (const g of groups) await tasks.changeMany(g.taskIds, g.patch);
      },
    });
  }

  const views = tasks.state.phase === 'ready' ? tasks.state.value : [];
  const answered =
    run && running && tasks.bulk ? answeredCount(tasks.bulk.before, views, run.taskIds) : 0;
  const titles = new Map(tasks.rows.map((r) => [r.id, r.title]));
  const summary =
    run?.outcomes &&
    summarizeBulk({
      status: run.status,
      outcomes: run.outcomes,
      skipped: run.skipped,
      titleOf: (id) => titles.get(id) ?? id,
      connection: run.connection,
    });

  return { run, running, apply, answered, summary };
}
