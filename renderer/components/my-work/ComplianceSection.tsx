import { useEffect } from 'react';
import { useComplianceRows } from '../../hooks/use-compliance-rows';
import type { ComplianceRowModel } from '../../lib/compliance-rows';
import type { ListSelection } from '../TaskList';
import { ComplianceList } from './ComplianceList';
import type { WorkShown } from './work-shown';

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
  const { view, failed, rows, onStatus, onOpen, dismiss } = useComplianceRows(props.onOpen);
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
