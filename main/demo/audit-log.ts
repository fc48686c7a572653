import type { AuthContext } from './auth';
import type { DemoTask } from './model';
import type { DemoResponse } from './responses';
import { jsonResponse } from './responses';
import type { DemoStore } from './store';

/**
 * The organization's audit log as the real service keeps it for task items
 * (apps/api/src/task-management/task-item-audit.service.ts and the global
 * audit interceptor) and lists it (apps/api/src/audit/audit-log.controller.ts).
 *
 * A change made with an API key is recorded by the task-item audit service:
 * its `data` names the parent (`parentEntityId`, `parentEntityType`) and its
 * description ends "(via API key)". A change made with a session is recorded
 * by the interceptor, whose `data` has the method, path and changes but no
 * parent: a reader has to place such a task another way.
 */

export type TaskAuditAction = 'created' | 'updated' | 'deleted';

export interface AuditRow {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly memberId: string | null;
  readonly entityType: 'task';
  readonly entityId: string;
  readonly description: string;
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The real controller's bounds: take 1–100 (default 50), offset up to 100,000. */
const MAX_TAKE = 100;
const DEFAULT_TAKE = 50;
const MAX_OFFSET = 100_000;
/** Rows kept, the newest: a demo left running for weeks stays small. */
const MAX_ROWS = 10_000;

/** What the API-key audit service writes for each change (its words). */
const changeWords = (update: Readonly<Record<string, unknown>>): string[] => [
  ...('status' in update ? [`set status to ${String(update.status)}`] : []),
  ...('priority' in update ? [`set priority to ${String(update.priority)}`] : []),
  ...('title' in update ? ['updated the title'] : []),
  ...('description' in update ? ['updated the description'] : []),
  ...('assigneeId' in update ? ['changed the assignee'] : []),
];

export interface TaskAuditEvent {
  readonly action: TaskAuditAction;
  readonly task: DemoTask;
  readonly context: Pick<AuthContext, 'authType' | 'actorMemberId' | 'organizationId'>;
  /** The fields sent, for an update. */
  readonly update?: Readonly<Record<string, unknown>>;
  /** Each field's value before the change, for the interceptor's `changes`. */
  readonly before?: Readonly<Record<string, unknown>>;
  readonly at: string;
}

export function createAuditLog(store: DemoStore, maxRows = MAX_ROWS) {
  const rows: AuditRow[] = [];
  let next = 0;

  const viaKeyRow = (e: TaskAuditEvent): Omit<AuditRow, 'id' | 'userId' | 'memberId'> => {
    const { task } = e;
    const changes = changeWords(e.update ?? {});
    const description =
      e.action === 'updated'
        ? `${changes.length > 0 ? changes.join(', ') : 'updated the task'} (via API key)`
        : `${e.action === 'created' ? 'Created' : 'Deleted'} task "${task.title}" (via API key)`;
    return {
      organizationId: task.organizationId,
      entityType: 'task',
      entityId: task.id,
      description,
      timestamp: e.at,
      data: {
        action: e.action,
        taskItemId: task.id,
        taskTitle: task.title,
        ...(e.action === 'updated' ? { changes } : {}),
        parentEntityType: task.entityType,
        parentEntityId: task.entityId,
        authType: 'api-key',
      },
    };
  };

  /** The global audit interceptor's row: every change, by a session or a key. */
  const sessionRow = (e: TaskAuditEvent): Omit<AuditRow, 'id' | 'userId' | 'memberId'> => {
    const verb =
      e.action === 'created' ? 'Created' : e.action === 'deleted' ? 'Deleted' : 'Updated';
    const method = e.action === 'created' ? 'POST' : e.action === 'deleted' ? 'DELETE' : 'PUT';
    const changes = Object.fromEntries(
      Object.keys(e.update ?? {}).map((k) => [
        k,
        { previous: e.before?.[k] ?? null, current: e.update?.[k] ?? null },
      ]),
    );
    return {
      organizationId: e.task.organizationId,
      entityType: 'task',
      entityId: e.task.id,
      description: `${verb} task`,
      timestamp: e.at,
      data: {
        action: `${verb} task`,
        method,
        path: `/v1/task-management${e.action === 'created' ? '' : `/${e.task.id}`}`,
        resource: 'task',
        permission:
          e.action === 'created' ? 'create' : e.action === 'deleted' ? 'delete' : 'update',
        ...(Object.keys(changes).length > 0 ? { changes } : {}),
      },
    };
  };

  return {
    /** One row per task-item create, update or delete, as the real service writes it. */
    record(e: TaskAuditEvent): void {
      const member = store.member(e.context.actorMemberId);
      const push = (row: Omit<AuditRow, 'id' | 'userId' | 'memberId'>) => {
        next += 1;
        rows.push({
          id: `aud_${String(next).padStart(10, '0')}`,
          userId: member?.userId ?? '',
          memberId: member?.id ?? null,
          ...row,
        });
      };
      // With an API key the real service writes two rows: the task-item audit's (naming the
      // parent), then the global interceptor's (no parent; newer, so listed first).
      if (e.context.authType === 'api-key') {
        push(viaKeyRow(e));
        const intercepted = sessionRow(e);
        push({
          ...intercepted,
          description: `${intercepted.description} [via API key]`,
          data: { ...intercepted.data, via: 'via API key' },
        });
      } else push(sessionRow(e));
      if (rows.length > maxRows) rows.splice(0, rows.length - maxRows);
    },

    /** `GET /v1/audit-logs`: the organization's rows, newest first, `take` clamped as the real one does. */
    list(query: URLSearchParams, context: AuthContext): DemoResponse {
      const csv = (name: string): string[] =>
        (query.get(name) ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
      const types = csv('entityType');
      const ids = csv('entityId');
      // parseInt, then clamped: "500" is 100, "abc" is the default; never a 400.
      const clamp = (raw: string | null, min: number, max: number, fallback: number) =>
        raw ? Math.min(max, Math.max(min, Number.parseInt(raw, 10) || fallback)) : fallback;
      const take = clamp(query.get('take'), 1, MAX_TAKE, DEFAULT_TAKE);
      const offset = clamp(query.get('offset'), 0, MAX_OFFSET, 0);
      const matching = rows
        .filter(
          (r) =>
            r.organizationId === context.organizationId &&
            (types.length === 0 || types.includes(r.entityType)) &&
            (ids.length === 0 || ids.includes(r.entityId)),
        )
        // Newest first, then by id, as the real orderBy: [{ timestamp: 'desc' }, { id: 'desc' }].
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id));
      return jsonResponse({
        data: matching.slice(offset, offset + take).map((r) => withRelations(store, r)),
        total: Math.min(matching.length, MAX_OFFSET),
        authType: context.authType,
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The row as findMany includes it: the user (with role), the member and the organization. */
const withRelations = (store: DemoStore, row: AuditRow): Record<string, unknown> => {
  const user = store.user(row.userId);
  const member = row.memberId ? store.member(row.memberId) : undefined;
  const org = store.organization(row.organizationId);
  return {
    ...row,
    user: user
      ? { id: user.id, name: user.name, email: user.email, image: user.image, role: 'user' }
      : null,
    member: member
      ? {
          id: member.id,
          organizationId: member.organizationId,
          userId: member.userId,
          role: member.role,
          isActive: !member.deactivated,
        }
      : null,
    organization: org ? { id: org.id, name: org.name, slug: org.slug } : null,
  };
};
