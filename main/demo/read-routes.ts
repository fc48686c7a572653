import type { AuthContext } from './auth';
import { hasScope } from './auth';
import { SCOPE_MEMBER_READ, SCOPE_RISK_READ, SCOPE_VENDOR_READ, TASK_SCOPES } from './model';
import type { DemoTask } from './model';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';
import { taskToWire } from './wire';

/**
 * The real service's reads beyond the interface (../shared/SERVICE.md,
 * "Beyond the interface"), as it answers them: task items of one vendor or
 * risk in pages (limit 1–100, default 5, any unknown query parameter a 400),
 * a task's activity, vendors, risks in pages, people and "who am I".
 * Each route checks its own scope.
 */

const ACTIVITY_PATH = /^\/v1\/task-management\/([^/]+)\/activity$/;
const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'];
const PRIORITIES = ['urgent', 'high', 'medium', 'low'];
const SORTS = ['createdAt', 'updatedAt', 'title', 'status', 'priority'] as const;
const TASK_LIST_PARAMS = new Set([
  'entityId',
  'entityType',
  'page',
  'limit',
  'status',
  'priority',
  'assigneeId',
  'sortBy',
  'sortOrder',
]);
const RISK_PARAMS = new Set(['page', 'perPage']);

const scopeRefused = (): DemoResponse =>
  errorResponse(403, 'API key lacks required permission scope');

/** The real validation pipe: a parameter it does not know is refused by name. */
const unknownParams = (query: URLSearchParams, known: ReadonlySet<string>): DemoResponse | null => {
  const unknown = [...new Set(query.keys())].filter((k) => !known.has(k));
  return unknown.length > 0
    ? errorResponse(
        400,
        unknown.map((k) => `property ${k.slice(0, 64)} should not exist`),
      )
    : null;
};

/** An integer parameter in [min, max], its default when absent; a message when not. */
const intParam = (
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number | string => {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    return `${name} must be an integer from ${min} to ${max}`;
  return n;
};

const compare = (key: (typeof SORTS)[number]) => (a: DemoTask, b: DemoTask) =>
  String(a[key]).localeCompare(String(b[key]));

const taskList = (query: URLSearchParams, context: AuthContext, store: DemoStore): DemoResponse => {
  const unknown = unknownParams(query, TASK_LIST_PARAMS);
  if (unknown) return unknown;
  const problems: string[] = [];
  const entityId = query.get('entityId');
  const entityType = query.get('entityType');
  if (!entityId) problems.push('entityId should not be empty');
  if (entityType !== 'vendor' && entityType !== 'risk')
    problems.push('entityType must be one of the following values: vendor, risk');
  const page = intParam(query, 'page', 1, 1_000_000, 1);
  const limit = intParam(query, 'limit', 1, 100, 5);
  if (typeof page === 'string') problems.push(page);
  if (typeof limit === 'string') problems.push(limit);
  const status = query.get('status');
  if (status !== null && !STATUSES.includes(status)) problems.push('status must be a valid status');
  const priority = query.get('priority');
  if (priority !== null && !PRIORITIES.includes(priority))
    problems.push('priority must be a valid priority');
  const assigneeId = query.get('assigneeId');
  const sortBy = query.get('sortBy') ?? 'createdAt';
  if (!(SORTS as readonly string[]).includes(sortBy))
    problems.push(`sortBy must be one of the following values: ${SORTS.join(', ')}`);
  const sortOrder = query.get('sortOrder') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc')
    problems.push('sortOrder must be one of the following values: asc, desc');
  if (problems.length > 0 || typeof page !== 'number' || typeof limit !== 'number')
    return errorResponse(400, problems);

  const items = store
    .tasksOf(context.organizationId)
    .filter(
      (t) =>
        t.entityId === entityId &&
        t.entityType === entityType &&
        (status === null || t.status === status) &&
        (priority === null || t.priority === priority) &&
        (assigneeId === null ||
          (assigneeId === '__unassigned__' ? t.assigneeId === null : t.assigneeId === assigneeId)),
    )
    .sort(compare(sortBy as (typeof SORTS)[number]));
  if (sortOrder === 'desc') items.reverse();
  const total = items.length;
  const totalPages = Math.ceil(total / limit);
  const data = items.slice((page - 1) * limit, page * limit).map((t) => taskToWire(store, t));
  return jsonResponse({
    data,
    meta: {
      page,
      limit,
      total,
      totalPages,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
    },
  });
};

/** Audit rows, oldest first: the creation names the parent, as the real rows mostly do. */
const activity = (taskId: string, context: AuthContext, store: DemoStore): DemoResponse => {
  const task = store.task(context.organizationId, taskId);
  // Generated tasks have no history: a bare id of one cannot be located, as happens for real.
  if (!task || task.id.startsWith('tski_gen')) return jsonResponse([]);
  const rows: Record<string, unknown>[] = [
    {
      id: `aud_${task.id.slice(5)}c`,
      action: 'create',
      timestamp: task.createdAt,
      memberId: task.createdById,
      data: {
        resource: 'task-management',
        parentEntityId: task.entityId,
        parentEntityType: task.entityType,
      },
    },
  ];
  if (task.updatedById !== null)
    rows.push({
      id: `aud_${task.id.slice(5)}u`,
      action: 'update',
      timestamp: task.updatedAt,
      memberId: task.updatedById,
      data: { resource: 'task-management', changes: { status: task.status } },
    });
  return jsonResponse(rows);
};

const people = (context: AuthContext, store: DemoStore): DemoResponse =>
  jsonResponse({
    data: store.membersOf(context.organizationId).map((m) => {
      const user = store.user(m.userId);
      return {
        id: m.id,
        organizationId: m.organizationId,
        role: m.role,
        isActive: true,
        user: user ? { id: user.id, name: user.name, email: user.email, image: user.image } : null,
      };
    }),
    count: store.membersOf(context.organizationId).length,
    authType: context.authType,
  });

const risks = (query: URLSearchParams, context: AuthContext, store: DemoStore): DemoResponse => {
  const unknown = unknownParams(query, RISK_PARAMS);
  if (unknown) return unknown;
  const page = intParam(query, 'page', 1, 1_000_000, 1);
  const perPage = intParam(query, 'perPage', 1, 250, 50);
  if (typeof page === 'string' || typeof perPage === 'string')
    return errorResponse(
      400,
      [page, perPage].filter((p): p is string => typeof p === 'string'),
    );
  const all = store.entitiesOf(context.organizationId, 'risk');
  return jsonResponse({
    data: all
      .slice((page - 1) * perPage, page * perPage)
      .map((r) => ({ id: r.id, title: r.name, organizationId: r.organizationId })),
    totalCount: all.length,
    page,
    pageCount: Math.ceil(all.length / perPage),
    authType: context.authType,
  });
};

const me = (context: AuthContext, store: DemoStore): DemoResponse => {
  if (context.sessionUserId === undefined) return jsonResponse({ user: null, organizations: [] });
  const user = store.user(context.sessionUserId);
  const organizations = store
    .organizations()
    .map((o) => ({ o, m: store.activeMembership(context.sessionUserId ?? '', o.id) }))
    .filter((x) => x.m !== undefined)
    .map((x) => ({ id: x.o.id, name: x.o.name, memberId: x.m?.id, role: x.m?.role }));
  return jsonResponse({
    user: user ? { id: user.id, name: user.name, email: user.email } : null,
    organizations,
  });
};

/** Whether a GET path is one of the reads (so it needs authentication rather than a 404). */
export const isReadPath = (path: string): boolean =>
  path === '/v1/task-management' ||
  ACTIVITY_PATH.test(path) ||
  path === '/v1/vendors' ||
  path === '/v1/risks' ||
  path === '/v1/people' ||
  path === '/v1/auth/me';

/** One read, authenticated already. */
export const handleRead = (
  path: string,
  query: URLSearchParams,
  context: AuthContext,
  store: DemoStore,
): DemoResponse => {
  const taskScopes = TASK_SCOPES.every((s) => hasScope(context, s));
  if (path === '/v1/task-management')
    return taskScopes ? taskList(query, context, store) : scopeRefused();
  const activityOf = ACTIVITY_PATH.exec(path);
  if (activityOf) {
    if (!taskScopes) return scopeRefused();
    let taskId: string;
    try {
      taskId = decodeURIComponent(activityOf[1] ?? '');
    } catch {
      return errorResponse(400, 'Failed to decode param');
    }
    return activity(taskId, context, store);
  }
  if (path === '/v1/vendors') {
    if (!hasScope(context, SCOPE_VENDOR_READ)) return scopeRefused();
    const vendors = store.entitiesOf(context.organizationId, 'vendor');
    return jsonResponse({
      data: vendors.map((v) => ({ id: v.id, name: v.name, organizationId: v.organizationId })),
      count: vendors.length,
      authType: context.authType,
    });
  }
  if (path === '/v1/risks')
    return hasScope(context, SCOPE_RISK_READ) ? risks(query, context, store) : scopeRefused();
  if (path === '/v1/people')
    return hasScope(context, SCOPE_MEMBER_READ) ? people(context, store) : scopeRefused();
  return me(context, store);
};
