import { z } from 'zod';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { BOUNDS } from '../../common/bounds';
import type { ReadAnswer, ReadPath } from '../service/client';
import { judgeReadFailure } from './read-availability';
import { entityKey } from './read-schemas';
import type { EntityKey } from './read-schemas';

/**
 * "What changed since": one request for the whole organization's recent
 * task-item changes, `GET /v1/audit-logs?entityType=task&take=100` (scope
 * app:read, newest first: ../shared/SERVICE.md, "No push"). Rows for
 * compliance tasks (`tsk_…`) share the type and are left out. A row made
 * with an API key names the task's vendor or risk; one made in the web app
 * (a session) does not, so its `entity` is null and the caller places it
 * as it places a bare id.
 */

/** The audit log's own cap on one page. */
export const AUDIT_TAKE = 100;
const TASK_ITEM_ID = /^tski_[A-Za-z0-9]{1,64}$/;

/** The newest row seen: later rounds ask for what came after it. */
export interface ChangeCursor {
  readonly timestamp: string;
  readonly id: string;
}

export interface TaskChange {
  readonly taskId: string;
  /** Its vendor or risk when the row names it. */
  readonly entity: EntityKey | null;
  /** created, updated, deleted; null when the row does not say in those words. */
  readonly action: 'created' | 'updated' | 'deleted' | null;
  /** Who made it, when the row says (a member id). */
  readonly memberId: string | null;
  readonly at: string;
}

export type ChangesSince =
  | {
      readonly kind: 'available';
      /** One per task, its newest change first; at most AUDIT_TAKE. */
      readonly changes: readonly TaskChange[];
      /** Where the next round starts (the cursor given when nothing is newer). */
      readonly cursor: ChangeCursor;
      /**
       * False when every row of the page is newer than the cursor (or there
       * was no cursor): more may have changed than one page shows, so the
       * caller reads everything it keeps once instead.
       */
      readonly complete: boolean;
    }
  | { readonly kind: 'unavailable'; readonly reason: 'scope' | 'absent' };

const text = (max: number) => z.string().max(max);

const AuditPageSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: text(BOUNDS.id),
        entityId: text(BOUNDS.id).nullish(),
        timestamp: text(64),
        memberId: text(BOUNDS.id).nullish(),
        data: z.unknown().optional(),
      }),
    )
    .max(AUDIT_TAKE),
});

const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const ACTIONS = new Set(['created', 'updated', 'deleted']);

/** Before any row: where the rounds start when the log was empty at the first. */
const BEFORE_EVERYTHING: ChangeCursor = { timestamp: '', id: '' };

/** Later in the audit log's own order: timestamp, then id. */
const after = (row: ChangeCursor, cursor: ChangeCursor): boolean =>
  row.timestamp > cursor.timestamp || (row.timestamp === cursor.timestamp && row.id > cursor.id);

export async function changesSince(
  read: (path: ReadPath, query: Readonly<Record<string, string>>) => Promise<Result<ReadAnswer>>,
  cursor: ChangeCursor | null,
): Promise<Result<ChangesSince>> {
  const answer = await read('/v1/audit-logs', { entityType: 'task', take: String(AUDIT_TAKE) });
  if (!answer.ok) {
    const judged = judgeReadFailure('tasks', answer.error);
    if (judged.kind === 'absent') return ok({ kind: 'unavailable', reason: 'absent' });
    if (judged.kind === 'scope') return ok({ kind: 'unavailable', reason: 'scope' });
    return answer;
  }
  const page = AuditPageSchema.safeParse(answer.value.value);
  if (!page.success)
    return err(appError('bad_response', "The service's answer is not a page of its audit log."));
  const rows = page.data.data;
  const newer = cursor ? rows.filter((r) => after(r, cursor)) : rows;
  // One change per task, its newest row's time. A change made with a key has two rows: the
  // interceptor's (newer, no parent, its action in other words) and the task-item audit's
  // (naming the vendor or risk): what the newer row lacks is taken from the older.
  const byTask = new Map<string, TaskChange>();
  for (const row of newer) {
    const taskId = row.entityId ?? '';
    if (!TASK_ITEM_ID.test(taskId)) continue;
    const data = record(row.data);
    const action =
      typeof data?.action === 'string' && ACTIONS.has(data.action)
        ? (data.action as TaskChange['action'])
        : null;
    const entity = entityKey(data?.parentEntityType, data?.parentEntityId);
    const known = byTask.get(taskId);
    if (known) {
      byTask.set(taskId, {
        ...known,
        entity: known.entity ?? entity,
        action: known.action ?? action,
      });
      continue;
    }
    byTask.set(taskId, {
      taskId,
      entity,
      action,
      memberId: row.memberId ?? null,
      at: row.timestamp,
    });
  }
  const changes = [...byTask.values()];
  const newest = rows[0];
  // An empty log still gives a cursor ("after nothing"): the next round is then complete.
  const from = cursor ?? BEFORE_EVERYTHING;
  return ok({
    kind: 'available',
    changes,
    cursor: newest && after(newest, from) ? { timestamp: newest.timestamp, id: newest.id } : from,
    complete: cursor !== null && (newer.length < rows.length || rows.length < AUDIT_TAKE),
  });
}
