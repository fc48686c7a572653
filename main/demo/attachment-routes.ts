import { randomBytes } from 'node:crypto';
import type { AuthContext } from './auth';
import { sessionMember } from './compliance-actor';
import { TASK_NOT_FOUND, roleAllows } from './compliance-rules';
import { attachmentType, checkAttachmentFile, validateAttachmentBody } from './attachment-rules';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';

/**
 * A compliance task's evidence, as the real service takes and lists it
 * (trycompai/comp apps/api/src/tasks/tasks.controller.ts, TASK ATTACHMENTS):
 * GET lists (task:read), POST attaches (evidence:create, not a task scope).
 * Files are kept in memory; each answer's `downloadUrl` is a link to this
 * server, standing in for the presigned object-storage link (15 minutes).
 */

export interface DemoAttachment {
  readonly id: string;
  readonly organizationId: string;
  readonly taskId: string;
  readonly name: string;
  readonly fileType: string;
  readonly bytes: Buffer;
  /** Who attached it: the session's user, or the userId an API key's request named. */
  readonly uploadedBy: string;
  readonly description: string | null;
  readonly createdAt: string;
}

export interface AttachmentStore {
  /** A task's attachments, oldest first (createdAt asc, as the service orders them). */
  of(organizationId: string, taskId: string): readonly DemoAttachment[];
  byId(id: string): DemoAttachment | undefined;
  add(a: DemoAttachment): void;
  /** The largest decoded file taken; 100 MiB as the real service, smaller in a test. */
  readonly maxBytes: number;
}

export const createAttachmentStore = (maxBytes: number): AttachmentStore => {
  const all: DemoAttachment[] = [];
  return {
    of: (org, taskId) => all.filter((a) => a.organizationId === org && a.taskId === taskId),
    byId: (id) => all.find((a) => a.id === id),
    add: (a) => void all.push(a),
    maxBytes,
  };
};

export type AttachmentRoute =
  | { readonly kind: 'list' | 'attach'; readonly rawId: string }
  | { readonly kind: 'download'; readonly attachmentId: string };

const ATTACHMENTS = /^\/v1\/tasks\/([^/]+)\/attachments$/;
/** Where the stand-in for object storage serves a file. */
export const FILES_PATH = '/demo-storage/';
const FILE = /^\/demo-storage\/(att_[a-z0-9]+)$/;

export const matchAttachmentRoute = (method: string, path: string): AttachmentRoute | null => {
  const file = FILE.exec(path);
  if (file?.[1]) return method === 'GET' ? { kind: 'download', attachmentId: file[1] } : null;
  const m = ATTACHMENTS.exec(path);
  if (!m?.[1]) return null;
  if (method === 'GET') return { kind: 'list', rawId: m[1] };
  return method === 'POST' ? { kind: 'attach', rawId: m[1] } : null;
};

/** The permission guard for the route: a key's scope, or the session member's role. */
const refusal = (
  store: DemoStore,
  context: AuthContext,
  kind: 'list' | 'attach',
): DemoResponse | null => {
  const scope = kind === 'list' ? 'task:read' : 'evidence:create';
  if (context.scopes !== null)
    return context.scopes.includes(scope)
      ? null
      : errorResponse(403, 'API key lacks required permission scope');
  const member = sessionMember(store, context);
  // Owners and admins may create evidence; auditors read it; employees and contractors neither here.
  const role = member?.role ?? '';
  const allowed =
    kind === 'list'
      ? roleAllows(role, 'read')
      : role.split(',').some((r) => r === 'owner' || r === 'admin');
  return allowed ? null : errorResponse(403, 'Access denied');
};

const signature = (): string => randomBytes(16).toString('hex');

const wire = (a: DemoAttachment, origin: string, withSize: boolean) => ({
  id: a.id,
  name: a.name,
  type: attachmentType(a.fileType),
  downloadUrl: `${origin}${FILES_PATH}${a.id}?X-Amz-Expires=900&X-Amz-Signature=${signature()}`,
  createdAt: a.createdAt,
  ...(withSize ? { size: a.bytes.length } : {}),
});

export interface AttachmentRequest {
  readonly route: AttachmentRoute;
  readonly body: unknown;
  /** The scheme, host and base path the service was reached at, for the download links. */
  readonly origin: string;
}

/** The stand-in for object storage: a presigned link needs no credential. */
export const serveAttachmentFile = (attachments: AttachmentStore, id: string): DemoResponse => {
  const a = attachments.byId(id);
  return a
    ? { status: 200, body: a.bytes, headers: { 'Content-Type': a.fileType } }
    : errorResponse(404, 'NoSuchKey');
};

export const handleAttachmentRoute = (
  req: AttachmentRequest & {
    readonly route: { readonly kind: 'list' | 'attach'; readonly rawId: string };
  },
  context: AuthContext,
  store: DemoStore,
  attachments: AttachmentStore,
  now: Date,
): DemoResponse => {
  const { route } = req;
  const refused = refusal(store, context, route.kind);
  if (refused) return refused;
  // The validation pipe runs before the handler: a bad body is told so even for an unknown task.
  const body = route.kind === 'attach' ? validateAttachmentBody(req.body) : null;
  if (body && !body.ok) return errorResponse(400, body.messages);
  let taskId: string;
  try {
    taskId = decodeURIComponent(route.rawId);
  } catch {
    return errorResponse(400, 'Failed to decode param');
  }
  const org = context.organizationId;
  const task = store.compliance.task(org, taskId);
  if (!task) return errorResponse(400, TASK_NOT_FOUND);
  if (!body)
    return jsonResponse(attachments.of(org, taskId).map((a) => wire(a, req.origin, false)));
  const uploadedBy = context.scopes !== null ? body.value.userId : context.sessionUserId;
  if (uploadedBy === undefined)
    return errorResponse(
      400,
      context.scopes !== null
        ? 'User ID is required when using API key authentication. Provide userId in the request body.'
        : 'User ID is required',
    );
  const file = checkAttachmentFile(body.value, attachments.maxBytes);
  if (!file.ok) return errorResponse(400, file.messages);
  const attachment: DemoAttachment = {
    id: `att_${randomBytes(10).toString('hex').slice(0, 16)}`,
    organizationId: org,
    taskId,
    name: body.value.fileName,
    fileType: body.value.fileType,
    bytes: file.value,
    uploadedBy,
    description: body.value.description ?? null,
    createdAt: now.toISOString(),
  };
  attachments.add(attachment);
  return jsonResponse(wire(attachment, req.origin, true), 201);
};
