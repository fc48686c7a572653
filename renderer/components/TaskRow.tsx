import { memo } from 'react';
import type { TaskStatus } from '../../common/task';
import { entityLabel } from '../lib/task-model';
import type { TaskRowModel } from '../lib/task-model';
import { fullDateTime, relativeTime } from '../lib/relative-time';
import { CloseIcon } from './icons';
import { StatusControl } from './StatusControl';

/** A Shift-click extends the selection; React reports a checkbox's change with the click that made it. */
const withShift = (e: Event): boolean => e instanceof MouseEvent && e.shiftKey;

const SYNC_TEXT = {
  pending: 'Saving…',
  queued: 'Queued, not sent yet',
} as const;

/**
 * One pinned task. Cheap to render (no state, no effects) so two hundred of
 * them paint at once without virtualisation. The row itself is focusable:
 * the list's keys (↑/↓, 1–5, Delete) act on the row that holds focus.
 */
export const TaskRow = memo(function TaskRow(props: {
  readonly row: TaskRowModel;
  readonly now: Date;
  readonly onStatus: (taskId: string, status: TaskStatus) => void;
  readonly onUnpin: (taskId: string) => void;
  readonly onDismissError: (taskId: string) => void;
  /** In select mode: whether this task is chosen (a checkbox shows); undefined otherwise. */
  readonly selected?: boolean;
  readonly onSelect?: (taskId: string, range: boolean) => void;
  /** In Browse: whether the task is pinned (Unpin shows) or not (Pin shows). Pinned lists leave it out. */
  readonly pinned?: boolean;
  readonly onPin?: (taskId: string) => void;
}) {
  const { row, now, onStatus, onUnpin, onDismissError, selected, onSelect } = props;
  const pinned = props.pinned ?? true;
  const titleId = `task-${row.id}-title`;
  const metaId = `task-${row.id}-meta`;
  const updated = relativeTime(row.updatedAt, now);

  return (
    <li
      className={`task task--${row.sync}${selected ? ' task--selected' : ''}`}
      tabIndex={0}
      data-task-id={row.id}
      aria-labelledby={titleId}
      aria-describedby={metaId}
    >
      <div className="task__head">
        {selected !== undefined && (
          <input
            type="checkbox"
            className="task__check"
            checked={selected}
            aria-labelledby={titleId}
            onChange={(e) => onSelect?.(row.id, withShift(e.nativeEvent))}
          />
        )}
        <span
          id={titleId}
          className={`task__title${row.hasTitle ? '' : ' task__title--id'}`}
          title={row.fullTitle}
        >
          {row.title}
        </span>
        {pinned ? (
          <button
            type="button"
            className="icon-button task__unpin"
            onClick={() => onUnpin(row.id)}
            aria-label={`Unpin ${row.title}`}
            title="Unpin (Delete)"
          >
            <CloseIcon size={12} />
          </button>
        ) : (
          <button
            type="button"
            className="link-button task__pin"
            onClick={() => props.onPin?.(row.id)}
            aria-label={`Pin ${row.title}`}
            title="Keep it with your pinned tasks"
          >
            Pin
          </button>
        )}
      </div>
      {row.description && <p className="task__desc">{row.description}</p>}
      <p id={metaId} className="task__meta">
        {row.entityType && (
          <span className={`chip chip--${row.entityType}`}>{entityLabel(row.entityType)}</span>
        )}
        {row.priority && (
          <span className={`priority priority--${row.priority}`}>{row.priorityLabel}</span>
        )}
        <span className="visually-hidden">Status: {row.statusLabel}.</span>
        {updated && (
          <span className="task__updated">
            <time dateTime={row.updatedAt ?? undefined} title={fullDateTime(row.updatedAt)}>
              {updated}
            </time>
            {row.updatedBy && <> by {row.updatedBy}</>}
          </span>
        )}
        {(row.sync === 'pending' || row.sync === 'queued') && (
          <span className={`sync sync--${row.sync}`}>{SYNC_TEXT[row.sync]}</span>
        )}
      </p>
      <StatusControl
        taskId={row.id}
        value={row.status}
        label={`Status of ${row.title}`}
        onChange={onStatus}
      />
      {row.unknownStatus !== null && (
        <p className="task__warning">
          The service reports the status “{row.unknownStatus}”, which Task Tray does not know.
          Choosing one above replaces it.
        </p>
      )}
      {row.readNote !== null && <p className="task__note">{row.readNote}</p>}
      {row.error && (
        <div className="task__error" role="alert">
          <span>
            <strong>Not changed:</strong> {row.error.message}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => onDismissError(row.id)}
            aria-label={`Dismiss the error on ${row.title}`}
          >
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
});
