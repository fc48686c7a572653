import type { AuthContext } from './auth';
import { memberName } from './compliance-actor';
import type { DemoStore } from './store';

/**
 * The real service's global audit interceptor (apps/api/src/audit): after any
 * change that succeeds it writes its own row beside the tasks service's, with
 * the route's verb ("Updated task" for the PATCH, "Created task" for the
 * POSTed review actions) and the body as `changes` (previous values unknown:
 * the route's parameter is `taskId`, which its look-up does not read).
 * A task's activity shows both rows; this one is the newer.
 */

const MEMBER_FIELDS: Readonly<Record<string, string>> = {
  assigneeId: 'assignee',
  approverId: 'approver',
};

const changesOf = (
  store: DemoStore,
  body: Record<string, unknown>,
): Record<string, { previous: unknown; current: unknown }> | null => {
  const changes: Record<string, { previous: unknown; current: unknown }> = {};
  for (const [key, value] of Object.entries(body)) {
    const label = MEMBER_FIELDS[key];
    if (label) {
      const id = value ? String(value) : null;
      const name = id ? memberName(store, id) : undefined;
      changes[label] = { previous: 'Unassigned', current: name ? `${name} (${id})` : 'Unassigned' };
    } else changes[key] = { previous: null, current: value };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

export const recordInterceptedChange = (
  store: DemoStore,
  context: AuthContext,
  request: {
    method: 'PATCH' | 'POST';
    path: string;
    taskId: string;
    body: Record<string, unknown>;
  },
  now: Date,
): void => {
  const member = store.member(context.actorMemberId);
  if (!member) return;
  const verb = request.method === 'PATCH' ? 'Updated' : 'Created';
  const via = context.scopes !== null ? ' [via API key]' : '';
  const changes = changesOf(store, request.body);
  store.compliance.record({
    organizationId: context.organizationId,
    userId: member.userId,
    memberId: member.id,
    entityId: request.taskId,
    description: `${verb} task${via}`,
    data: {
      action: `${verb} task`,
      method: request.method,
      path: request.path,
      resource: 'task',
      permission: request.method === 'PATCH' ? 'update' : 'create',
      ...(changes ? { changes } : {}),
      ...(via ? { via: 'via API key' } : {}),
    },
    timestamp: now.toISOString(),
  });
};
