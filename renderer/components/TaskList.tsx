import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { TASK_STATUSES } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';
import type { TaskRowModel } from '../lib/task-model';
import { TaskRow } from './TaskRow';

const isTextEntry = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');

/**
 * The rows and their keys: ↑/↓ move between tasks, 1–5 set the status of
 * the task holding focus, Delete (or Backspace, the Mac's delete key)
 * unpins it, and any other letter starts filtering.
 */
export function TaskList(props: {
  readonly rows: readonly TaskRowModel[];
  readonly now: Date;
  readonly onStatus: (taskId: string, status: TaskStatus) => void;
  readonly onUnpin: (taskId: string) => void;
  readonly onDismissError: (taskId: string) => void;
  readonly onTypeToFilter?: (text: string) => void;
}) {
  const { rows, onStatus, onUnpin, onTypeToFilter } = props;
  const list = useRef<HTMLUListElement>(null);
  // After an unpin, focus goes to the row that took its place.
  const focusIndexAfterChange = useRef<number | null>(null);

  const rowElements = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>(':scope > li[data-task-id]') ?? []);

  useEffect(() => {
    const index = focusIndexAfterChange.current;
    if (index === null) return;
    focusIndexAfterChange.current = null;
    const els = rowElements();
    els[Math.min(index, els.length - 1)]?.focus();
  }, [rows]);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTextEntry(e.target)) return;
    const els = rowElements();
    const row = (e.target as HTMLElement).closest<HTMLElement>('li[data-task-id]');
    const at = row ? els.indexOf(row) : -1;
    const taskId = row?.dataset.taskId;
    if (at < 0 || !taskId) return;

    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const to = e.key === 'ArrowDown' ? Math.min(at + 1, els.length - 1) : Math.max(at - 1, 0);
      els[to]?.focus();
      return;
    }
    const n = /^[1-5]$/.test(e.key) ? Number(e.key) : 0;
    if (n > 0) {
      e.preventDefault();
      onStatus(taskId, TASK_STATUSES[n - 1]!);
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      focusIndexAfterChange.current = at;
      onUnpin(taskId);
      return;
    }
    if (onTypeToFilter && e.key.length === 1 && /\S/.test(e.key) && e.key !== '/') {
      e.preventDefault();
      onTypeToFilter(e.key);
    }
  };

  return (
    // Key handling is delegated here from the focusable rows inside.
    <ul ref={list} className="task-list" aria-label="Pinned tasks" onKeyDown={onKeyDown}>
      {rows.map((r) => (
        <TaskRow
          key={r.id}
          row={r}
          now={props.now}
          onStatus={onStatus}
          onUnpin={onUnpin}
          onDismissError={props.onDismissError}
        />
      ))}
    </ul>
  );
}
