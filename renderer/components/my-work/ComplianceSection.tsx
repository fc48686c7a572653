import { useEffect, useMemo } from 'react';
import { useMyCompliance } from '../../hooks/use-my-compliance';
import { useNow } from '../../hooks/use-now';
import { complianceRow, localTimeZone } from '../../lib/compliance-rows';
import { ComplianceList } from './ComplianceList';
import type { WorkShown } from './work-shown';

/**
 * My work's compliance tasks: the person's own, overdue first, then by
 * review date (main's order). Where the service does not offer them, its
 * note says so in one line and the task items below carry on alone.
 */
export function ComplianceSection(props: {
  readonly onOpen: (taskId: string, ask?: 'not_relevant') => void;
  readonly onShown: (shown: WorkShown) => void;
}) {
  const { view, failed, overlays, setStatus, dismiss } = useMyCompliance();
  const now = useNow();
  const rows = useMemo(
    () =>
      (view?.tasks ?? []).map((t) =>
        complianceRow(t, overlays.get(t.id), now.getTime(), localTimeZone()),
      ),
    // The zone read with the clock: a laptop that crossed one says its own today.
    [view, overlays, now],
  );
  const { onShown } = props;
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
        onStatus={(id, s) => void setStatus(id, s)}
        onOpen={props.onOpen}
        onDismiss={dismiss}
      />
    </section>
  );
}
