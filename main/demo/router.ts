import type { IncomingHttpHeaders } from 'node:http';
import { authenticate, hasScope } from './auth';
import type { AuditLog } from './audit-log';
import { handleComplianceRoute, matchComplianceRoute } from './compliance-routes';
import type { AttachmentStore } from './attachment-routes';
import {
  handleAttachmentRoute,
  matchAttachmentRoute,
  serveAttachmentFile,
} from './attachment-routes';
import { SCOPE_APP_READ, SCOPE_ORGANIZATION_READ, TASK_SCOPES } from './model';
import { handleRead, isReadPath } from './read-routes';
import type { Pacer } from './pacing';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';
import { createTask, validateTaskCreateBody } from './task-create';
import { updateTask } from './task-update';
import { validateTaskUpdateBody } from './validation';
import { organizationToWire } from './wire';

/** One request as it arrived, body already read. */
export interface DemoRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly bodyText: string;
  /** The client's address: what pacing counts by. */
  readonly client: string;
}

export interface RouterDeps {
  readonly store: DemoStore;
  readonly pacer: Pacer | null;
  /** Origins a browser request may come from; any other Origin on a non-GET is refused. */
  readonly trustedOrigins: ReadonlySet<string>;
  /** A path prefix the service lives under ("" or e.g. "/api"), as behind a gateway. */
  readonly basePath: string;
  /** The reads beyond the interface (read-routes.ts); false: only the interface's two operations. */
  readonly reads: boolean;
  /** The organization's audit log: written on every task change, listed by GET /v1/audit-logs. */
  readonly audit: AuditLog;
  /** Compliance tasks' evidence, in memory (attachment-routes.ts). */
  readonly attachments: AttachmentStore;
  now(): Date;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TASK_PATH = /^\/v1\/task-management\/([^/]+)$/;

/** A request's route as the throttler names it: the path with its task id left out. */
const routeOf = (method: string, path: string): string =>
  `${method} ${path.replace(/^(\/v1\/task-management\/)[^/]+/, '$1:id').replace(/^(\/v1\/tasks\/)[^/]+/, '$1:taskId')}`;

const scopeRefused = (): DemoResponse =>
  errorResponse(403, 'API key lacks required permission scope');

/** Like the JSON body parser in front of the real service: a JSON body must parse. */
const parseBody = (
  req: DemoRequest,
): { ok: true; body: unknown } | { ok: false; response: DemoResponse } => {
  const type = String(req.headers['content-type'] ?? '');
  // Without a JSON content type the parser leaves the body empty: an empty update.
  if (!/\bjson\b/i.test(type) || req.bodyText.trim() === '') return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(req.bodyText) as unknown };
  } catch (e) {
    return { ok: false, response: errorResponse(400, (e as Error).message) };
  }
};

/**
 * The order is the real service's: middleware (origin check, body parser),
 * then the throttler, then authentication, then the route's scope, then the
 * body's validation, then the service logic.
 */
export const handleRequest = (req: DemoRequest, deps: RouterDeps): DemoResponse => {
  const method = req.method.toUpperCase();
  const url = new URL(req.url, 'http://demo.invalid');
  const fullPath = url.pathname;
  const notFound = (): DemoResponse => errorResponse(404, `Cannot ${method} ${fullPath}`);
  if (deps.basePath && !fullPath.startsWith(`${deps.basePath}/`)) return notFound();
  const path = fullPath.slice(deps.basePath.length);

  const origin = req.headers.origin;
  if (!SAFE_METHODS.has(method) && origin !== undefined && !deps.trustedOrigins.has(origin)) {
    // The real origin check answers with this short body, without `error`.
    return { status: 403, body: { statusCode: 403, message: 'Forbidden' } };
  }
  // The stand-in for object storage: its links are presigned, no credential, no throttler.
  const attachment = deps.reads ? matchAttachmentRoute(method, path) : null;
  if (attachment?.kind === 'download')
    return serveAttachmentFile(deps.attachments, attachment.attachmentId);
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;

  if (deps.pacer) {
    // The real throttler counts per route and client: the PUT, the task list and vendors each have their own 100.
    const pace = deps.pacer.check(`${req.client} ${routeOf(method, path)}`, deps.now().getTime());
    if (!pace.allowed) {
      return {
        status: 429,
        body: { statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
        headers: { 'Retry-After': String(pace.retryAfterSeconds) },
      };
    }
  }

  const isOrganization = path === '/v1/organization' && method === 'GET';
  const taskMatch = method === 'PUT' ? TASK_PATH.exec(path) : null;
  const isCreate = method === 'POST' && path === '/v1/task-management';
  const isRead = method === 'GET' && deps.reads && isReadPath(path);
  const isAudit = method === 'GET' && deps.reads && path === '/v1/audit-logs';
  // Compliance tasks (`tsk_…`) are beyond the interface too: absent when the reads are.
  const compliance = deps.reads ? matchComplianceRoute(method, path) : null;
  if (
    !isOrganization &&
    !taskMatch &&
    !isCreate &&
    !isRead &&
    !isAudit &&
    !compliance &&
    !attachment
  )
    return notFound();

  const auth = authenticate(req.headers, deps.store);
  if (!auth.ok) return auth.response;
  const context = auth.context;
  if (isAudit)
    return hasScope(context, SCOPE_APP_READ)
      ? deps.audit.list(url.searchParams, context)
      : scopeRefused();
  if (isRead) return handleRead(path, url.searchParams, context, deps.store);
  if (attachment)
    return handleAttachmentRoute(
      {
        route: attachment,
        body: parsed.body,
        origin: `http://${String(req.headers.host ?? 'localhost')}${deps.basePath}`,
      },
      context,
      deps.store,
      deps.attachments,
      deps.now(),
    );
  if (compliance)
    return handleComplianceRoute(
      compliance,
      url.searchParams,
      parsed.body,
      context,
      deps.store,
      deps.now(),
    );

  if (isOrganization) {
    if (!hasScope(context, SCOPE_ORGANIZATION_READ)) return scopeRefused();
    const org = deps.store.organization(context.organizationId);
    if (!org) return errorResponse(404, 'Organization not found');
    const user =
      context.sessionUserId !== undefined ? deps.store.user(context.sessionUserId) : undefined;
    return jsonResponse({
      ...organizationToWire(org, context.authType),
      // As the real service does for a session: the signed-in user, by user id.
      ...(user ? { authenticatedUser: { id: user.id, email: user.email } } : {}),
    });
  }

  // The controller asks for every task permission, whichever route: a create needs update too.
  if (!TASK_SCOPES.every((scope) => hasScope(context, scope))) return scopeRefused();
  if (isCreate) {
    const valid = validateTaskCreateBody(parsed.body);
    if (!valid.ok) return errorResponse(400, valid.messages);
    return createTask(deps.store, context, valid.create, deps.now(), deps.audit);
  }
  let taskId: string;
  try {
    taskId = decodeURIComponent(taskMatch?.[1] ?? '');
  } catch {
    return errorResponse(400, 'Failed to decode param');
  }
  const valid = validateTaskUpdateBody(parsed.body);
  if (!valid.ok) return errorResponse(400, valid.messages);
  return updateTask(deps.store, context, taskId, valid.update, deps.now(), deps.audit);
};
