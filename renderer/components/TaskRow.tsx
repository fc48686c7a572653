import { memo } from 'react';
import type { TaskStatus } from '../../common/task';
import type { TaskRowModel } from '../lib/task-model';
import { fullDateTime, isRecent, shortAge } from '../lib/relative-time';
import { ChevronRightIcon, CloseIcon } from './icons';
import { StatusControl } from './StatusControl';
import { SYNC_TEXT, SyncText, TaskFacts } from './TaskFacts';
import { useDescriptionLine } from '../hooks/use-description-line';

/** A Shift-click extends the selection; React reports a checkbox's change with the click that made it. */
const withShift = (e: Event): boolean => e instanceof MouseEvent && e.shiftKey;

/**
 * One task: a single line so a dozen fit in the popup, the title taking the
 * width (status as a mark before it, priority as bars after it; the age only
 * when it is news, and with the buttons on hover). The row holding focus
 * opens: its title wraps to three lines, and it says who changed it and when,
 * who it is assigned to, and gives the five-way status switch. Closed rows
 * have no state and no effects, so two hundred paint at once. The list is one
 * Tab stop (this row when `tabStop`): the list's keys (↑/↓, 1–5, Enter,
 * Delete) act on the row, and the controls inside are reached by pointer or
 * by Enter.
 */
export const TaskRow = memo(function TaskRow(props: {
  readonly row: TaskRowModel;
  readonly now: Date;
  /** Holds focus: shows the details and the status switch. */
  readonly open: boolean;
  /** The list's one Tab stop (the others are reached with ↑/↓). */
  readonly tabStop: boolean;
  /** Signed in with an API key: the service records its changes under the organization's owner. */
  readonly apiKey: boolean;
  readonly onStatus: (taskId: string, status: TaskStatus) => void;
  readonly onUnpin: (taskId: string) => void;
  readonly onDismissError: (taskId: string) => void;
  /** Opens the task's own view; absent where there is none. */
  readonly onOpen?: (taskId: string) => void;
  /** In select mode: whether this task is chosen (a checkbox shows); undefined otherwise. */
  readonly selected?: boolean;
  readonly onSelect?: (taskId: string, range: boolean) => void;
  /** In Browse: whether the task is pinned (Unpin shows) or not (Pin shows). Pinned lists leave it out. */
  readonly pinned?: boolean;
  readonly onPin?: (taskId: string) => void;
  /**
   * Whether closed rows draw their buttons' glyphs (an open row always does).
   * They show only on hover: the first screen leaves them for the frame after.
   */
  readonly glyphs?: boolean;
}) {
  const { row, now, open, onStatus, onUnpin, onDismissError, selected, onSelect } = props;
  const rich = useDescriptionLine(row.richDescription);
  const description = row.description || rich;
  const pinned = props.pinned ?? true;
  const titleId = `task-${row.id}-title`;
  const metaId = `task-${row.id}-meta`;
  const age = shortAge(row.updatedAt, now);
  // The age earns its room on a closed row only when it is news (hover and the open row show any).
  const news = isRecent(row.updatedAt, now);
  const waiting = row.sync === 'pending' || row.sync === 'queued';
  const glyphs = open || (props.glyphs ?? true);

  return (
    <li
      className={`task task--${row.sync}${selected ? ' task--selected' : ''}${open ? ' task--open' : ''}`}
      tabIndex={props.tabStop ? 0 : -1}
      data-task-id={row.id}
      aria-labelledby={titleId}
      aria-describedby={metaId}
    >
      <div className="task__line">
        {selected !== undefined && (
          <input
            type="checkbox"
            className="task__check"
            tabIndex={-1}
            checked={selected}
            aria-labelledby={titleId}
            onChange={(e) => onSelect?.(row.id, withShift(e.nativeEvent))}
          />
        )}
        {/* A mark, its word kept as text (the tooltip, tests) but drawn at no size: the row
            reads its status out through the meta line. */}
        <span
          className={`pill pill--${row.status ?? 'unknown'}`}
          title={row.statusLabel}
          aria-hidden="true"
        >
          {row.status ? row.statusLabel : '?'}
        </span>
        <span
          id={titleId}
          className={`task__title${row.hasTitle ? '' : ' task__title--id'}`}
          // The description's first line on hover: the open row keeps to one glance.
          title={[row.fullTitle, description, row.readNote].filter(Boolean).join('\n')}
        >
          {row.title}
        </span>
        {row.priority && (
          <span
            className={`priority priority--${row.priority}`}
            title={`${row.priorityLabel} priority`}
            aria-hidden="true"
          />
        )}
        {waiting && (
          <span className={`sync sync--${row.sync}`} title={SYNC_TEXT[row.sync as 'pending']} />
        )}
        {age && (
          <time
            className={news ? 'task__age task__age--news' : 'task__age'}
            dateTime={row.updatedAt ?? undefined}
            title={`Updated ${fullDateTime(row.updatedAt)}`}
            aria-hidden="true"
          >
            {age}
          </time>
        )}
        {/* Out of the title's way on a closed row: laid over its end on hover only. */}
        <span className="task__end">
          {props.onOpen && (
            <button
              type="button"
              className="icon-button task__open"
              tabIndex={-1}
              onClick={() => props.onOpen?.(row.id)}
              aria-label={`Open ${row.title}`}
              title="Open the task (Enter)"
            >
              {glyphs && <ChevronRightIcon />}
            </button>
          )}
          {pinned ? (
            <button
              type="button"
              className="icon-button task__unpin"
              tabIndex={-1}
              onClick={() => onUnpin(row.id)}
              aria-label={`Unpin ${row.title}`}
              title="Unpin (Delete)"
            >
              {glyphs && <CloseIcon size={12} />}
            </button>
          ) : (
            <button
              type="button"
              className="link-button task__pin"
              tabIndex={-1}
              onClick={() => props.onPin?.(row.id)}
              aria-label={`Pin ${row.title}`}
              title="Keep it with your pinned tasks (P)"
            >
              Pin
            </button>
          )}
        </span>
      </div>
      {/* Read out with the row (aria-describedby): status and priority always; who, when
          and the assignee once open (a closed row draws no more than its line). */}
      <p id={metaId} className="task__meta" hidden={!open}>
        <span className="visually-hidden">
          Status: {row.statusLabel}.{row.priorityLabel && ` ${row.priorityLabel} priority.`}{' '}
        </span>
        {open && <TaskFacts row={row} now={now} apiKey={props.apiKey} />}
        {open && (
          <span className="task__assignee">
            {row.assigneePending
              ? row.assigneeId === null
                ? 'Unassigning…'
                : 'Assigning…'
              : row.assignee
                ? `Assigned to ${row.assignee}`
                : row.hasTitle
                  ? 'Unassigned'
                  : ''}
          </span>
        )}
        <SyncText row={row} />
      </p>
      {open && (
        <div className="task__more">
          <StatusControl
            taskId={row.id}
            value={row.status}
            label={`Status of ${row.title}`}
            onChange={onStatus}
            inRow
          />
        </div>
      )}
      {/* What the service left unsaid is read on the open row: a closed row is one line
          (every one the height the list reserves for rows not drawn yet, tasks.css). */}
      {open && row.unknownStatus !== null && (
        <p className="task__warning">
          The service reports the status “{row.unknownStatus}”, which Task Tray does not know.
          Choosing one replaces it.
        </p>
      )}
      {open && row.readNote !== null && <p className="task__note">{row.readNote}</p>}
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
