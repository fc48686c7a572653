import type { Organization } from '../../common/organization';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import { validatePatch, validateTaskId } from './request-validation';
import { createTransport } from './transport';
import type { TransportOptions } from './transport';
import { parseJsonAnswer, parseOrganizationResponse, parseTaskResponse } from './response-parsing';

export { parseBaseUrl } from './base-url';
export type { ServiceAuth } from './request-validation';
export { DEFAULT_TIMEOUT_MS } from './transport';

/**
 * The HTTP client for the two operations of the interface. Every call
 * resolves to a Result, whatever happens: bad input, a refusal, a dead
 * network, a timeout, an answer that is not what the interface promises.
 * The wire is transport.ts's: no Origin header, no redirect followed, no
 * credential in any message.
 */
export interface ServiceClient {
  getOrganization(): Promise<Result<Organization>>;
  updateTask(id: string, patch: TaskPatch): Promise<Result<Task>>;
  /**
   * A GET beyond the interface (task lists, vendors, risks, people): its JSON,
   * unparsed, for main/reads/ to check. The path is the app's own, never the
   * renderer's; query values are encoded here.
   */
  read(path: ReadPath, query?: Readonly<Record<string, string>>): Promise<Result<unknown>>;
}

/** The read routes the app knows; anything else is not sent. */
export type ReadPath =
  | '/v1/task-management'
  | `/v1/task-management/${string}/activity`
  | '/v1/vendors'
  | '/v1/risks'
  | '/v1/people'
  | '/v1/auth/me';

export type ServiceClientOptions = TransportOptions;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { auth } = options;
  const { send, safe } = createTransport(options);

  const expectedOrganization = (): string | undefined => {
    const id = auth?.organizationId;
    return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
  };

  return {
    async getOrganization() {
      const body = await send({
        operation: 'getOrganization',
        method: 'GET',
        path: '/v1/organization',
      });
      if (!body.ok) return safe(body);
      return safe(parseOrganizationResponse(body.value, expectedOrganization()));
    },

    async updateTask(id, patch) {
      const taskId = validateTaskId(id);
      if (!taskId.ok) return safe(taskId);
      const valid = validatePatch(patch);
      if (!valid.ok) return safe(valid);
      const body = await send({
        operation: 'updateTask',
        method: 'PUT',
        // Already [A-Za-z0-9_] only; encoded anyway so a future looser id cannot change the path.
        path: `/v1/task-management/${encodeURIComponent(taskId.value)}`,
        body: JSON.stringify(valid.value),
        taskId: taskId.value,
      });
      if (!body.ok) return safe(body);
      return safe(parseTaskResponse(body.value, taskId.value));
    },

    async read(path, query = {}) {
      const search = new URLSearchParams(query).toString();
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: search === '' ? path : `${path}?${search}`,
      });
      if (!body.ok) return safe(body);
      return safe(parseJsonAnswer(body.value));
    },
  };
}
