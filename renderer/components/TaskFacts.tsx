import type { TaskRowModel } from '../lib/task-model';
import { fullDateTime, relativeTime } from '../lib/relative-time';
import { entityLabel } from '../lib/task-model';

/** What a task's sync state says in words, where there is something to say. */
export const SYNC_TEXT = {
  pending: 'Saving…',
  queued: 'Queued, not sent yet',
} as const;

/**
 * The facts an open row and a task's own view both give, in the same words:
 * its vendor or risk, who changed it last and when, and whether a change is
 * on its way.
 */
export function TaskFacts(props: {
  readonly row: TaskRowModel;
  readonly now: Date;
  /** Signed in with an API key: a change from here is the person's, under the owner's name. */
  readonly apiKey?: boolean;
}) {
  const { row, now } = props;
  const byYou = row.changedHere && props.apiKey === true;
  return (
    <>
      {row.entityType && (
        <span className={`chip chip--${row.entityType}`}>{entityLabel(row.entityType)}</span>
      )}
      {row.updatedAt && (
        <span className="task__updated">
          Updated{' '}
          <time dateTime={row.updatedAt} title={fullDateTime(row.updatedAt)}>
            {relativeTime(row.updatedAt, now)}
          </time>
          {byYou ? (
            <>
              {' '}
              by you
              {row.updatedBy && (
                <span className="task__recorded" title={RECORDED_AS_OWNER}>
                  {' '}
                  (recorded as {row.updatedBy})
                </span>
              )}
            </>
          ) : (
            row.updatedBy && <> by {row.updatedBy}</>
          )}
        </span>
      )}
    </>
  );
}

/** A change that is waiting, in words. */
export function SyncText({ row }: { readonly row: TaskRowModel }) {
  if (row.sync !== 'pending' && row.sync !== 'queued') return null;
  return <span className={`sync sync--${row.sync}`}>{SYNC_TEXT[row.sync]}</span>;
}

/** Why a change from here carries the owner's name: said once, where the key is (Settings). */
export const RECORDED_AS_OWNER =
  'The service records changes made with an API key under the organization’s owner.';

/**
 * With an API key the service records every change under the organization's
 * owner: a task's own view says so in full (a row says "by you (recorded as …)"),
 * so the person's own change does not read as someone else's.
 */
export function ChangedHereNote(props: { readonly row: TaskRowModel; readonly apiKey: boolean }) {
  const { row } = props;
  if (!row.changedHere || !props.apiKey) return null;
  return (
    <p className="task__note">
      Changed from here. The service records changes made with an API key under the organization’s
      owner{row.updatedBy ? `, ${row.updatedBy}` : ''}.
    </p>
  );
}
