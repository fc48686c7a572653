import { useEffect, useRef, useState } from 'react';
import type { ConnectionState } from '../../common/views';
import type { BulkAction } from '../lib/bulk-action';
import { answeredCount } from '../lib/bulk-progress';
import { summarizeBulk } from '../lib/bulk-summary';
import type { BulkOutcome, BulkTarget } from '../lib/bulk-summary';
import { STATUS_LABELS } from '../../common/task-values';
import { bulkUndo } from '../lib/bulk-undo';
import { changeComplianceMany, complianceUndo } from '../lib/compliance-bulk';
import type { ComplianceRowModel } from '../lib/compliance-rows';
import { useApi, useStore } from './api-context';
import { NO_ANSWER } from './use-change-many';
import { useOfferUndo } from './use-undo';
import type { TasksController } from './use-tasks';

interface Run {
  readonly status: BulkTarget;
  /** The tasks sent, in list order (selected ones already showing the status are not). */
  readonly taskIds: readonly string[];
  /** Of those, the task items, whose progress main's events tell one by one… */
  readonly itemIds: readonly string[];
  /** …and the compliance tasks, answered together when main's batch answers. */
  readonly workIds: readonly string[];
  readonly skipped: number;
  /** Selected compliance tasks the change is not for (a priority). */
  readonly leftOut: number;
  /** Null while main works through them. */
  readonly outcomes: readonly BulkOutcome[] | null;
  /** How the connection stood when the answer came: why queued changes wait. */
  readonly connection: ConnectionState | null;
}

/**
 * The bulk bar's one change at a time, for both kinds of task: sent for the
 * selected tasks that do not have it yet (task items through the pinned
 * list's bulk change, compliance tasks through main's), how many main has
 * answered, then what came of it, with one undo for all.
 */
export function useBulkRun(
  tasks: TasksController,
  work: readonly ComplianceRowModel[],
  selected: ReadonlySet<string>,
) {
  const api = useApi();
  const store = useStore();
  const [run, setRun] = useState<Run | null>(null);
  const [workAnswered, setWorkAnswered] = useState(false);
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
    const items = change.patch ? tasks.rows.filter((r) => selected.has(r.id)) : [];
    const mine = work.filter((r) => selected.has(r.id));
    const chosenWork = change.compliancePatch ? mine : [];
    // As a single click on the value already shown: nothing to send (it would only bump updatedAt).
    const itemIds = items.filter((r) => !change.has(r)).map((r) => r.id);
    const workIds = chosenWork.filter((r) => !change.hasCompliance(r)).map((r) => r.id);
    const taskIds = [...workIds, ...itemIds];
    const skipped = items.length - itemIds.length + chosenWork.length - workIds.length;
    const leftOut = mine.length - chosenWork.length;
    const connection = (): ConnectionState | null => {
      const c = store.get('connection');
      return c.phase === 'ready' ? c.value.state : null;
    };
    const base = { status, taskIds, itemIds, workIds, skipped, leftOut };
    if (taskIds.length === 0) {
      setRun({ ...base, outcomes: [], connection: connection() });
      return;
    }
    setWorkAnswered(false);
    setRun({ ...base, outcomes: null, connection: null });
    const [itemOutcomes, workOutcomes] = await Promise.all([
      itemIds.length > 0 && change.patch ? tasks.changeMany(itemIds, change.patch) : [],
      workIds.length > 0 && change.compliancePatch
        ? changeComplianceMany(api, workIds, change.compliancePatch, NO_ANSWER).finally(
            () => alive.current && setWorkAnswered(true),
          )
        : [],
    ]);
    const outcomes = [...workOutcomes, ...itemOutcomes];
    offerUndo(items, chosenWork, outcomes, change);
    if (alive.current)
      setRun((r) => (r?.taskIds === taskIds ? { ...r, outcomes, connection: connection() } : r));
  };

  /** The tasks main took the change for, each set back to what it showed before (undo). */
  function offerUndo(
    items: typeof tasks.rows,
    before: readonly ComplianceRowModel[],
    outcomes: readonly BulkOutcome[],
    change: BulkAction,
  ) {
    // Refused by the service: nothing to take back (undoing it would only be refused again).
    const taken = outcomes
      .filter((o) => o.result.ok && o.result.value.sync !== 'failed')
      .map((o) => o.taskId);
    const groups = change.patch ? bulkUndo(items, taken, change.patch) : [];
    const workGroups = change.compliancePatch
      ? complianceUndo(before, taken, change.compliancePatch)
      : [];
    if (groups.length + workGroups.length === 0) return;
    const what =
      typeof change.target === 'string' ? STATUS_LABELS[change.target] : change.target.label;
    offer({
      text: `${taken.length} task${taken.length === 1 ? '' : 's'} set to ${what}.`,
      undo: async () => {
        for (const g of groups) await tasks.changeMany(g.taskIds, g.patch);
        for (const g of workGroups) await changeComplianceMany(api, g.taskIds, g.patch, NO_ANSWER);
      },
    });
  }

  const views = tasks.state.phase === 'ready' ? tasks.state.value : [];
  const itemsAnswered =
    run && running && tasks.bulk ? answeredCount(tasks.bulk.before, views, run.itemIds) : 0;
  const answered = itemsAnswered + (run && running && workAnswered ? run.workIds.length : 0);
  const titles = new Map([...work, ...tasks.rows].map((r) => [r.id, r.title]));
  const summary =
    run?.outcomes &&
    summarizeBulk({
      status: run.status,
      outcomes: run.outcomes,
      skipped: run.skipped,
      leftOut: run.leftOut,
      titleOf: (id) => titles.get(id) ?? id,
      connection: run.connection,
    });

  return { run, running, apply, answered, summary };
}
