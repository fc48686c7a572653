import { useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { ComplianceStatus } from '../../../common/compliance-values';
import { complianceKey } from '../../lib/compliance-rows';
import type { ComplianceRowModel } from '../../lib/compliance-rows';
import { isTextEntry } from '../../lib/task-keys';
import { useOpenRow } from '../../hooks/use-open-row';
import type { ListSelection } from '../TaskList';
import { useEvidence } from '../../hooks/use-evidence';
import { useFileDrop } from '../../hooks/use-file-drop';
import { ComplianceRow } from './ComplianceRow';

/** Clicks on these do their own thing; a click anywhere else on a row toggles it in select mode. */
const CONTROLS = 'button, input, a, [role="alert"]';

const MOVES: Readonly<Record<string, (at: number, last: number) => number>> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The compliance rows and their keys, as the task list's: one Tab stop,
 * ↑/↓/Home/End move, Enter opens the task's view, 1–6 set its status.
 * Not relevant asks for a reason, so its key (5) opens the view to ask.
 * In select mode, as the pinned list: a click or Space ticks a row,
 * Shift+↑/↓ extend the selection.
 */
export function ComplianceList(props: {
  readonly rows: readonly ComplianceRowModel[];
  readonly onStatus: (taskId: string, status: ComplianceStatus) => void;
  readonly onOpen: (taskId: string, ask?: 'not_relevant') => void;
  readonly onDismiss: (taskId: string) => void;
  readonly selection?: ListSelection | undefined;
}) {
  const { rows, onOpen, selection } = props;
  const list = useRef<HTMLUListElement>(null);
  const { openId, lastId, handlers } = useOpenRow(null);
  const stopId = lastId !== null && rows.some((r) => r.id === lastId) ? lastId : rows[0]?.id;
  const evidence = useEvidence();
  // Files dropped on a row are attached to its task.
  const drop = useFileDrop(
    (el) =>
      el instanceof Element
        ? (el.closest<HTMLElement>('li[data-task-id]')?.dataset.taskId ?? null)
        : null,
    evidence.attachFiles,
  );

  const choose = (taskId: string, status: ComplianceStatus) => {
    if (status === 'not_relevant') onOpen(taskId, 'not_relevant');
    else if (rows.find((r) => r.id === taskId)?.status !== status) props.onStatus(taskId, status);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented || isTextEntry(e.target)) return;
    const els = Array.from(list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? []);
    const row = (e.target as HTMLElement).closest<HTMLElement>('li[data-task-id]');
    const at = row ? els.indexOf(row) : -1;
    const taskId = row?.dataset.taskId;
    if (at < 0 || !taskId) return;
    if (e.key === 'Enter' && e.target === row) {
      e.preventDefault();
      onOpen(taskId);
      return;
    }
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const to = els[move(at, els.length - 1)];
      to?.focus();
      if (selection && e.shiftKey && to?.dataset.taskId) selection.add([taskId, to.dataset.taskId]);
      return;
    }
    // Space on the row itself: on a checkbox or a button inside, Space is theirs.
    if (selection && e.key === ' ' && e.target === row) {
      e.preventDefault();
      selection.toggle(taskId, e.shiftKey);
      return;
    }
    const status = complianceKey(e);
    if (status) {
      e.preventDefault();
      choose(taskId, status);
    }
  };

  const onClick = (e: MouseEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    if (!selection || target.closest(CONTROLS)) return;
    const taskId = target.closest<HTMLElement>('li[data-task-id]')?.dataset.taskId;
    if (taskId) selection.toggle(taskId, e.shiftKey);
  };

  return (
    // Key and click handling is delegated here from the focusable rows inside.
    <ul
      ref={list}
      className="task-list"
      aria-label="Compliance tasks"
      onKeyDown={onKeyDown}
      onClick={onClick}
      {...handlers}
      {...drop.handlers}
    >
      {rows.map((r) => (
        <ComplianceRow
          key={r.id}
          row={r}
          open={r.id === openId}
          tabStop={r.id === stopId}
          onStatus={choose}
          onOpen={onOpen}
          onDismiss={props.onDismiss}
          {...(selection ? { selected: selection.ids.has(r.id), onSelect: selection.toggle } : {})}
          dropping={r.id === drop.over}
          uploads={evidence.uploadsOf(r.id)}
          problems={evidence.problemsOf(r.id)}
          onDismissProblem={evidence.dismiss}
        />
      ))}
    </ul>
  );
}
