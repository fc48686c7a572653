import type { z } from 'zod';
import {
  ComplianceActivityPageSchema,
  ComplianceListSchema,
  ComplianceOptionsSchema,
  CompliancePatchSchema,
  ComplianceTaskSchema,
  isComplianceTaskId,
} from '../../common/compliance-task';
import type {
  ComplianceActivityPage,
  ComplianceOptions,
  CompliancePatch,
  ComplianceTask,
} from '../../common/compliance-task';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import type { ComplianceError } from './compliance-errors';
import { complianceErrorFromResponse } from './compliance-errors';
import { MAX_ETAG_LENGTH } from './conditional-memory';
import { parseAnswerWith } from './response-parsing';
import { createTransport } from './transport';
import type { Sent, TransportOptions } from './transport';

/**
 * The platform's compliance tasks (`tsk_…`, ../shared/SERVICE.md "The
 * platform's other tasks"): beyond the interface, so every failure may say
 * `unavailable` (compliance-errors.ts) and the app keeps to task items.
 * Each call checks what it sends (the id goes into a URL path, the service
 * turns some mistakes into 500s or silent no-ops) and what comes back
 * (bounded, docs/ARCHITECTURE.md invariant 8). Never throws.
 */
export interface ComplianceClient {
  /** Every compliance task of the organization, whole, in one request. */
  list(): Promise<ComplianceResult<ComplianceTaskList>>;
  /**
   * The list, asked with If-None-Match when `etag` is given: a 304 answers
   * `unchanged` with no body to read or check; a body comes with its ETag
   * (null when the service gave none, or one not fit to send back).
   */
  listIfChanged(etag: string | null): Promise<ComplianceResult<ComplianceListAnswer>>;
  get(id: string): Promise<ComplianceResult<ComplianceTask>>;
  /**
   * Whether the organization uses evidence approval (then a task in review
   * changes only by approve or reject, and one with an approver reaches done
   * only through review). GET /v1/organization does not say; this does.
   */
  options(): Promise<ComplianceResult<ComplianceOptions>>;
  /** PATCH, not PUT: only the fields CompliancePatchSchema allows. */
  patch(id: string, patch: CompliancePatch): Promise<ComplianceResult<ComplianceTask>>;
  /** A page of the task's history, newest first (take 1–50). */
  activity(
    id: string,
    page?: { skip?: number; take?: number },
  ): Promise<ComplianceResult<ComplianceActivityPage>>;
  /** These three need a web session: the service refuses an API key (refusal "needs_session"). */
  submitForReview(id: string, approverId: string): Promise<ComplianceResult<ComplianceTask>>;
  approve(id: string): Promise<ComplianceResult<ComplianceTask>>;
  reject(id: string): Promise<ComplianceResult<ComplianceTask>>;
}

export type ComplianceResult<T> = Result<T, ComplianceError>;

export interface ComplianceTaskList {
  readonly tasks: readonly ComplianceTask[];
}

export type ComplianceListAnswer =
  | { readonly unchanged: true }
  | {
      readonly unchanged: false;
      readonly tasks: readonly ComplianceTask[];
      readonly etag: string | null;
    };

/** Real ETags are ~40 characters (conditional-memory.ts): anything else is not kept nor sent back. */
const usableEtag = (etag: string | null): string | null =>
  etag && etag.length <= MAX_ETAG_LENGTH && /^[\x21-\x7e]+$/.test(etag) ? etag : null;

const LIST_PATH = '/v1/tasks?includeRelations=true';

/** A whole organization's list: more than one task's answer (read-body.ts), still bounded. */
const LIST_MAX_BYTES = 12 * 1024 * 1024;

const bad = (message: string) => err(appError('bad_input', message));

const checkId = (id: unknown): Result<string> =>
  isComplianceTaskId(id)
    ? ok(id)
    : bad('That is not a compliance task id: one is "tsk_" followed by letters and digits.');

const answer = parseAnswerWith;

/** One task's answer, refused when it is about another task than the one asked for. */
const taskAnswer = (text: string, id: string): Result<ComplianceTask> => {
  const task = answer(ComplianceTaskSchema, text, 'a compliance task');
  if (task.ok && task.value.id !== id)
    return err(appError('bad_response', `The service answered about a different task than ${id}.`));
  return task;
};

const checkPatch = (patch: unknown): Result<z.output<typeof CompliancePatchSchema>> => {
  try {
    const parsed = CompliancePatchSchema.safeParse(patch);
    if (parsed.success) return ok(parsed.data);
    const messages = parsed.error.issues.map((i) =>
      i.code === 'unrecognized_keys'
        ? 'Only title, description, status, assigneeId, approverId, frequency, department, reviewDate and notRelevantJustification can be changed.'
        : i.path.length > 0 && !/[.!?]$/.test(i.message)
          ? `${String(i.path[0])}: ${i.message}.`
          : i.message,
    );
    return bad([...new Set(messages)].join(' '));
  } catch {
    return bad('The change could not be read.');
  }
};

const checkPage = (page: { skip?: number; take?: number }): Result<string> => {
  const skip = page.skip ?? 0;
  const take = page.take ?? 10;
  if (
    !Number.isSafeInteger(skip) ||
    skip < 0 ||
    !Number.isSafeInteger(take) ||
    take < 1 ||
    take > 50
  )
    return bad('A page of activity skips a whole number of rows and takes 1 to 50.');
  return ok(new URLSearchParams({ skip: String(skip), take: String(take) }).toString());
};

export function createComplianceClient(options: TransportOptions): ComplianceClient {
  const { send, exchange, safe } = createTransport(options, complianceErrorFromResponse);
  const path = (id: string, tail = '') => `/v1/tasks/${encodeURIComponent(id)}${tail}`;

  /** A change or review action on one task, answered with the task. */
  const change = async (
    rawId: unknown,
    req: (id: string) => Omit<Sent, 'operation' | 'taskId'>,
  ): Promise<ComplianceResult<ComplianceTask>> => {
    const id = checkId(rawId);
    if (!id.ok) return safe(id);
    const body = await send({ operation: 'updateTask', taskId: id.value, ...req(id.value) });
    return safe(body.ok ? taskAnswer(body.value, id.value) : body);
  };

  return {
    async list() {
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: LIST_PATH,
        maxBytes: LIST_MAX_BYTES,
      });
      if (!body.ok) return safe(body);
      const list = answer(ComplianceListSchema, body.value, 'a list of compliance tasks');
      return safe(list.ok ? ok({ tasks: list.value.data }) : list);
    },

    async listIfChanged(etag) {
      const tag = usableEtag(etag);
      const body = await exchange({
        operation: 'read',
        method: 'GET',
        path: LIST_PATH,
        maxBytes: LIST_MAX_BYTES,
        ifNoneMatch: tag,
      });
      if (!body.ok) return safe(body);
      if (body.value.status === 304) return ok({ unchanged: true });
      const list = answer(ComplianceListSchema, body.value.text, 'a list of compliance tasks');
      if (!list.ok) return safe(list);
      return ok({ unchanged: false, tasks: list.value.data, etag: usableEtag(body.value.etag) });
    },

    async options() {
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: '/v1/tasks/options',
        // It also lists every control and framework of the organization.
        maxBytes: LIST_MAX_BYTES,
      });
      if (!body.ok) return safe(body);
      return safe(answer(ComplianceOptionsSchema, body.value, "the Tasks page's options"));
    },

    async get(rawId) {
      const id = checkId(rawId);
      if (!id.ok) return safe(id);
      const body = await send({ operation: 'read', method: 'GET', path: path(id.value) });
      return safe(body.ok ? taskAnswer(body.value, id.value) : body);
    },

    async patch(rawId, patch) {
      const valid = checkPatch(patch);
      if (!valid.ok) return safe(valid);
      return change(rawId, (id) => ({
        method: 'PATCH',
        path: path(id),
        body: JSON.stringify(valid.value),
      }));
    },

    async activity(rawId, page = {}) {
      const id = checkId(rawId);
      if (!id.ok) return safe(id);
      const query = checkPage(page);
      if (!query.ok) return safe(query);
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: path(id.value, `/activity?${query.value}`),
      });
      if (!body.ok) return safe(body);
      return safe(answer(ComplianceActivityPageSchema, body.value, "a task's activity"));
    },

    async submitForReview(rawId, approverId) {
      if (typeof approverId !== 'string' || !MEMBER_ID_PATTERN.test(approverId))
        return safe(
          bad('Choose the approver from the people list: an approver is a member id ("mem_…").'),
        );
      return change(rawId, (id) => ({
        method: 'POST',
        path: path(id, '/submit-for-review'),
        body: JSON.stringify({ approverId }),
      }));
    },

    approve: (rawId) =>
      change(rawId, (id) => ({ method: 'POST', path: path(id, '/approve'), body: '{}' })),
    reject: (rawId) =>
      change(rawId, (id) => ({ method: 'POST', path: path(id, '/reject'), body: '{}' })),
  };
}
