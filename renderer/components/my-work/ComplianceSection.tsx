import { useEffect, useMemo } from 'react';
import type { ComplianceTaskView, ComplianceView } from '../../../common/compliance-view';
import { COMPLIANCE_STATUS_LABELS } from '../../../common/compliance-values';
import type { ComplianceStatus } from '../../../common/compliance-values';
import { useApi } from '../../hooks/api-context';
import { useMyCompliance } from '../../hooks/use-my-compliance';
import { useOfferUndo } from '../../hooks/use-undo';
import { rowContaining } from '../../lib/row-focus';
import { quoted } from '../../lib/undo';
import { useNow } from '../../hooks/use-now';
import { complianceRow, localTimeZone } from '../../lib/compliance-rows';
import type { ComplianceRowModel } from '../../lib/compliance-rows';
import type { ListSelection } from '../TaskList';
import { ComplianceList } from './ComplianceList';
import type { WorkShown } from './work-shown';

/** The person's own in main's order, then those pinned (a link, a paste) that are someone else's. */
function listedTasks(view: ComplianceView | null): readonly ComplianceTaskView[] {
  if (!view) return [];
  const mine = new Set(view.tasks.map((t) => t.id));
  const others = view.pinned.filter((t) => !mine.has(t.id));
  return others.length === 0 ? view.tasks : [...view.tasks, ...others];
}

/**
 * My work's compliance tasks: the person's own, overdue first, then by
 * review date (main's order), then the ones pinned that are not theirs.
 * Where the service does not offer them, its note says so in one line and
 * the task items below carry on alone.
 */
export function ComplianceSection(props: {
  /** The task's own view; without one (not wired yet), its page in the web app. */
  readonly onOpen?: ((taskId: string, ask?: 'not_relevant') => void) | undefined;
  readonly onShown: (shown: WorkShown) => void;
  /** The rows as drawn, for select mode's bar. */
  readonly onRows?: ((rows: readonly ComplianceRowModel[]) => void) | undefined;
  readonly selection?: ListSelection | undefined;
}) {
  const { view, failed, overlays, setStatus, dismiss } = useMyCompliance();
  const now = useNow();
  const rows = useMemo(
    () => {
      const zone = localTimeZone();
      return listedTasks(view).map((t) =>
        complianceRow(t, overlays.get(t.id), now.getTime(), zone),
      );
    },
    // The zone read with the clock: a laptop that crossed one says its own today.
    [view, overlays, now],
  );
  const api = useApi();
  const onOpen =
    props.onOpen ??
    ((taskId: string) => {
      const url = listedTasks(view).find((t) => t.id === taskId)?.webUrl;
      if (url) void api.openExternal({ url }); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the IPC bridge; main opens only parsed http(s) URLs
    });
  const offer = useOfferUndo();
  // As a task item's change: offered for undo, except back to not relevant, which needs a reason.
  const onStatus = (taskId: string, status: ComplianceStatus) => {
    // A refusal with a way on (submit for review, approve) takes the person to it, if they are
    // still on the row; otherwise the row's "Open the task" waits for them.
    void setStatus(taskId, status).then((offered) => {
      if (offered && rowContaining(document.activeElement)?.dataset.taskId === taskId)
        onOpen(taskId);
    });
    const row = rows.find((r) => r.id === taskId);
    const before = row?.status;
    if (!row || !before || before === status || before === 'not_relevant') return;
    offer({
      text: `${quoted(row.title)} set to ${COMPLIANCE_STATUS_LABELS[status]}.`,
      undo: () => setStatus(taskId, before),
    });
  };
  const { onShown, onRows } = props;
  useEffect(() => onRows?.(rows), [onRows, rows]);
  const shown: WorkShown =
    view === null && !failed ? 'waiting' : rows.length > 0 ? 'some' : 'empty';
  useEffect(() => onShown(shown), [onShown, shown]);

  if (view?.note)
    return (
      <p className="work__note" role="note">
        {view.note}
      </p>
    );
  if (rows.length === 0) return null;
  return (
    <section className="work__section" aria-labelledby="work-compliance">
      <h3 id="work-compliance" className="work__heading">
        Compliance tasks<span className="tasks__count">{rows.length + (view?.more ?? 0)}</span>
      </h3>
      <ComplianceList
        rows={rows}
        onStatus={onStatus}
        onOpen={onOpen}
        onDismiss={dismiss}
        selection={props.selection}
      />
    </section>
  );
}
