import type { AuthContext } from './auth';
import { memberName } from './compliance-actor';
import type { DemoStore } from './store';

/**
 * The real service's global audit interceptor (apps/api/src/audit): after any
 * change that succeeds it writes its own row beside the tasks service's:
 * "Updated task" for the PATCH, with the body as `changes` (previous values
 * unknown: the route's parameter is `taskId`, which its look-up does not
 * read), and for the review actions their own words, without changes.
 * Checked against the real server (../shared/realapi).
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

const ACTION_WORDS: Readonly<Record<string, string>> = {
  'submit-for-review': 'Submitted evidence for review',
  approve: 'Approved evidence',
  reject: 'Rejected evidence',
};

export const recordInterceptedChange = (
  store: DemoStore,
  context: AuthContext,
  request: {
    /** 'patch' or the review action. */
    kind: string;
    path: string;
    taskId: string;
    body: Record<string, unknown>;
  },
  now: Date,
): void => {
  const member = store.member(context.actorMemberId);
  if (!member) return;
  const patch = request.kind === 'patch';
  const action = ACTION_WORDS[request.kind] ?? 'Updated task';
  const via = context.scopes !== null ? ' [via API key]' : '';
  const changes = patch ? changesOf(store, request.body) : null;
  store.compliance.record({
    organizationId: context.organizationId,
    userId: member.userId,
    memberId: member.id,
    entityId: request.taskId,
    description: `${action}${via}`,
    data: {
      action,
      method: patch ? 'PATCH' : 'POST',
      path: request.path,
      resource: 'task',
      permission: patch ? 'update' : 'create',
      ...(changes ? { changes } : {}),
      ...(via ? { via: 'via API key' } : {}),
    },
    timestamp: now.toISOString(),
  });
};
