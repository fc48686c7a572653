import type { AuthContext } from './auth';
import { sessionMember } from './compliance-actor';
import { TASK_NOT_FOUND, roleAllows, visibleTo } from './compliance-rules';
import type { ReviewAction } from './compliance-review';
import { reviewComplianceTask } from './compliance-review';
import { recordInterceptedChange } from './compliance-interceptor';
import { patchComplianceTask } from './compliance-update';
import { activityRow, complianceDetail, complianceListItem } from './compliance-wire';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';

/**
 * The compliance task routes of the real service (trycompai/comp
 * apps/api/src/tasks/tasks.controller.ts) that the app uses: the list, one
 * task, its activity, the change and the review actions. Each route checks
 * its own permission: task:read to read, task:update to change, for a key as
 * a scope and for a session as its member's role.
 */

export type ComplianceRoute =
  | { readonly kind: 'list' }
  | { readonly kind: 'options' }
  | { readonly kind: 'one' | 'patch' | 'activity'; readonly rawId: string }
  | { readonly kind: ReviewAction; readonly rawId: string };

const ONE = /^\/v1\/tasks\/([^/]+)$/;
const SUB = /^\/v1\/tasks\/([^/]+)\/(activity|submit-for-review|approve|reject)$/;

export const matchComplianceRoute = (method: string, path: string): ComplianceRoute | null => {
  if (path === '/v1/tasks') return method === 'GET' ? { kind: 'list' } : null;
  // Declared before :taskId in the real controller, so it is never read as a task id.
  if (path === '/v1/tasks/options') return method === 'GET' ? { kind: 'options' } : null;
  const one = ONE.exec(path);
  if (one?.[1]) {
    if (method === 'GET') return { kind: 'one', rawId: one[1] };
    return method === 'PATCH' ? { kind: 'patch', rawId: one[1] } : null;
  }
  const sub = SUB.exec(path);
  if (!sub?.[1] || !sub[2]) return null;
  if (sub[2] === 'activity') return method === 'GET' ? { kind: 'activity', rawId: sub[1] } : null;
  return method === 'POST' ? { kind: sub[2] as ReviewAction, rawId: sub[1] } : null;
};

/** The permission guard: a key's scope, or a session member's role ("Access denied" when it lacks it). */
const permitted = (
  store: DemoStore,
  context: AuthContext,
  action: 'read' | 'update',
): DemoResponse | null => {
  if (context.scopes !== null)
    return context.scopes.includes(`task:${action}`)
      ? null
      : errorResponse(403, 'API key lacks required permission scope');
  const member = sessionMember(store, context);
  return member && roleAllows(member.role, action) ? null : errorResponse(403, 'Access denied');
};

const rolesOf = (store: DemoStore, context: AuthContext): string[] | null =>
  context.scopes !== null ? null : (sessionMember(store, context)?.role.split(',') ?? []);

/** The controller's skip/take: lenient numbers, take 1–50 and 10 by default. */
const pageOf = (query: URLSearchParams): { skip: number; take: number } => {
  const skip = query.get('skip');
  const take = query.get('take');
  return {
    skip: skip ? Math.max(0, parseInt(skip, 10) || 0) : 0,
    take: take ? Math.min(50, Math.max(1, parseInt(take, 10) || 10)) : 10,
  };
};

const STATUS_ORDER = ['todo', 'in_progress', 'in_review', 'done', 'not_relevant', 'failed'];

export const handleComplianceRoute = (
  route: ComplianceRoute,
  query: URLSearchParams,
  body: unknown,
  context: AuthContext,
  store: DemoStore,
  now: Date,
): DemoResponse => {
  const reads = ['list', 'options', 'one', 'activity'].includes(route.kind);
  const refused = permitted(store, context, reads ? 'read' : 'update');
  if (refused) return refused;
  const roles = rolesOf(store, context);
  const me = sessionMember(store, context)?.id;
  const org = context.organizationId;
  if (route.kind === 'options') {
    // The page options of the web app's Tasks page: the one place that says whether approval is on.
    return jsonResponse({
      controls: [],
      frameworkInstances: [],
      organizationName: store.organization(org)?.name ?? null,
      hasEvidenceExportAccess: (roles ?? []).some((r) => ['auditor', 'admin', 'owner'].includes(r)),
      evidenceApprovalEnabled: store.compliance.approvalEnabled(org),
    });
  }
  if (route.kind === 'list') {
    const relations = query.get('includeRelations') === 'true';
    const tasks = store.compliance
      .tasksOf(org)
      .filter((t) => visibleTo(t, roles, me))
      // Ordered as the service orders them: by status (the enum's order), then order, then creation.
      .sort(
        (a, b) =>
          STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
          a.order - b.order ||
          a.createdAt.localeCompare(b.createdAt),
      );
    return jsonResponse({
      data: tasks.map((t) => complianceListItem(t, relations)),
      count: tasks.length,
    });
  }
  let taskId: string;
  try {
    taskId = decodeURIComponent(route.rawId);
  } catch {
    return errorResponse(400, 'Failed to decode param');
  }
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  if (route.kind !== 'one' && route.kind !== 'activity') {
    const patch = route.kind === 'patch';
    const answer = patch
      ? patchComplianceTask(store, context, taskId, fields, now)
      : reviewComplianceTask(route.kind, store, context, taskId, fields, now);
    if (answer.status === 200) {
      const path = `/v1/tasks/${route.rawId}${patch ? '' : `/${route.kind}`}`;
      recordInterceptedChange(
        store,
        context,
        { kind: route.kind, path, taskId, body: fields },
        now,
      );
    }
    return answer;
  }
  const task = store.compliance.task(org, taskId);
  if (!task) return errorResponse(400, TASK_NOT_FOUND);
  if (route.kind === 'activity') {
    const { skip, take } = pageOf(query);
    const rows = store.compliance.activityOf(org, taskId);
    return jsonResponse({
      logs: rows.slice(skip, skip + take).map((r) => activityRow(store, r)),
      total: rows.length,
    });
  }
  if (!visibleTo(task, roles, me)) return errorResponse(403, 'You do not have access to this task');
  return jsonResponse(complianceDetail(store, task));
};
