import { useMemo } from 'react';
import type { ComplianceTaskView, ComplianceView } from '../../common/compliance-view';
import { COMPLIANCE_STATUS_LABELS } from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import { complianceRow, localTimeZone } from '../lib/compliance-rows';
import { rowContaining } from '../lib/row-focus';
import { quoted } from '../lib/undo';
import { useApi } from './api-context';
import { useMyCompliance } from './use-my-compliance';
import { useNow } from './use-now';
import { useOfferUndo } from './use-undo';

/** The person's own in main's order, then those pinned (a link, a paste) that are someone else's. */
export function listedTasks(view: ComplianceView | null): readonly ComplianceTaskView[] {
  if (!view) return [];
  const mine = new Set(view.tasks.map((t) => t.id));
  const others = view.pinned.filter((t) => !mine.has(t.id));
  return others.length === 0 ? view.tasks : [...view.tasks, ...others];
}

/**
 * My work's compliance rows and what their keys do (My work, and search's
 * compliance results): a status change is offered for undo, except back to
 * not relevant, which needs a reason; opening goes to the task's own view,
 * or without one to its page in the web app.
 */
export function useComplianceRows(
  openView: ((taskId: string, ask?: 'not_relevant') => void) | undefined,
) {
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
    openView ??
    ((taskId: string) => {
      const url = listedTasks(view).find((t) => t.id === taskId)?.webUrl;
      if (url) void api.openExternal({ url }); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the IPC bridge; main opens only parsed http(s) URLs
    });
  const offer = useOfferUndo();
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
  return { view, failed, rows, onStatus, onOpen, dismiss };
}
