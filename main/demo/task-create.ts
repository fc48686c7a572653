import { randomBytes } from 'node:crypto';
import { ENTITY_TYPES, TASK_PRIORITIES, TASK_STATUSES } from '../../common/task';
import type { AuditLog } from './audit-log';
import type { AuthContext } from './auth';
import type { DemoTask } from './model';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';
import { taskToWire } from './wire';

/**
 * POST /v1/task-management as the real service does it (CreateTaskItemDto,
 * then TaskManagementService.createTaskItem): the validation pipe's messages
 * per field, an assignee checked against the organization's members, and
 * then the write. The entity id is never looked up: an id that names no
 * vendor or risk makes an orphan task that no list will show (SERVICE.md).
 */

const CREATE_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'entityId',
  'entityType',
  'assigneeId',
] as const;

export interface TaskCreateBody {
  readonly title: string;
  readonly description?: string;
  readonly status?: string;
  readonly priority?: string;
  readonly entityId: string;
  readonly entityType: 'vendor' | 'risk';
  readonly assigneeId?: string;
}

const absent = (v: unknown): boolean => v === null || v === undefined;
const oneOf = (field: string, values: readonly string[]): string =>
  `${field} must be one of the following values: ${values.join(', ')}`;

/** @IsString() @IsNotEmpty(): both messages when absent, as class-validator lists them. */
const requiredString = (field: string, v: unknown, out: string[]): void => {
  if (v === '' || absent(v)) out.push(`${field} should not be empty`);
  if (typeof v !== 'string') out.push(`${field} must be a string`);
};

export type CreateValidation =
  | { readonly ok: true; readonly create: TaskCreateBody }
  | { readonly ok: false; readonly messages: readonly string[] };

export const validateTaskCreateBody = (body: unknown): CreateValidation => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, messages: ['an unknown value was passed to the validate function'] };
  const r = body as Record<string, unknown>;
  const messages: string[] = [];
  for (const key of Object.keys(r))
    if (!(CREATE_FIELDS as readonly string[]).includes(key))
      messages.push(`property ${key} should not exist`);
  requiredString('title', r.title, messages);
  if (!absent(r.description) && typeof r.description !== 'string')
    messages.push('description must be a string');
  if (!absent(r.status) && !(TASK_STATUSES as readonly unknown[]).includes(r.status))
    messages.push(oneOf('status', TASK_STATUSES));
  if (!absent(r.priority) && !(TASK_PRIORITIES as readonly unknown[]).includes(r.priority))
    messages.push(oneOf('priority', TASK_PRIORITIES));
  requiredString('entityId', r.entityId, messages);
  if (!(ENTITY_TYPES as readonly unknown[]).includes(r.entityType))
    messages.push(oneOf('entityType', ENTITY_TYPES));
  // @IsOptional lets null and undefined through; "" is checked (and refused) by @IsNotEmpty.
  if (!absent(r.assigneeId)) {
    if (r.assigneeId === '') messages.push('assigneeId should not be empty');
    if (typeof r.assigneeId !== 'string') messages.push('assigneeId must be a string');
  }
  if (messages.length > 0) return { ok: false, messages };
  return { ok: true, create: r as unknown as TaskCreateBody };
};

/** The service logic: assignee check, defaults (todo, medium), the actor as creator; 201. */
export const createTask = (
  store: DemoStore,
  context: AuthContext,
  create: TaskCreateBody,
  now: Date,
  audit?: AuditLog,
): DemoResponse => {
  if (typeof create.assigneeId === 'string') {
    const member = store.member(create.assigneeId);
    if (!member || member.organizationId !== context.organizationId || member.deactivated)
      return errorResponse(400, 'Assignee is not a member of this organization');
  }
  const at = now.toISOString();
  const task: DemoTask = {
    // The real ids are cuid-like after the prefix: letters and digits.
    id: `tski_${randomBytes(8).toString('hex')}`,
    organizationId: context.organizationId,
    title: create.title,
    description: absent(create.description) ? null : create.description,
    status: create.status ?? 'todo',
    priority: create.priority ?? 'medium',
    entityId: create.entityId,
    entityType: create.entityType,
    assigneeId: create.assigneeId ?? null,
    createdById: context.actorMemberId,
    updatedById: null,
    createdAt: at,
    updatedAt: at,
  };
  store.insertTask(task);
  audit?.record({ action: 'created', task, context, at });
  return jsonResponse(taskToWire(store, task), 201);
};
