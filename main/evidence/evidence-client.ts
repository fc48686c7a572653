import { z } from 'zod';
import { isComplianceTaskId } from '../../common/compliance-task';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { ErrorContext, HttpFailure } from '../service/error-mapping';
import { errorFromResponse, serverText } from '../service/error-mapping';
import { parseAnswerWith } from '../service/response-parsing';
import { createTransport } from '../service/transport';
import type { TransportOptions } from '../service/transport';
import { bodyStream } from './evidence-body';
import type { BodyFields } from './evidence-body';
import { MISSING_EVIDENCE_SCOPE, NO_SESSION_ROLE } from './evidence-words';

/**
 * A compliance task's evidence on the service: POST /v1/tasks/{id}/attachments
 * (evidence:create; the body streamed, evidence-body.ts) and the list (GET,
 * task:read). Answers are bounded before they are kept; no credential is in
 * any message (transport.ts). Never throws.
 */

const MAX_NAME = 1000;
const MAX_URL = 4096;

const AttachmentSchema = z.looseObject({
  id: z.string().min(1).max(200),
  // The code answers name; the published description says fileName.
  name: z.string().max(MAX_NAME).optional(),
  fileName: z.string().max(MAX_NAME).optional(),
  type: z.string().max(200).optional(),
  fileType: z.string().max(200).optional(),
  downloadUrl: z.string().max(MAX_URL).optional(),
  createdAt: z.string().max(64),
  size: z.number().int().min(0).optional(),
  fileSize: z.number().int().min(0).optional(),
});

/** One attachment as the service said it, in one shape whichever names it used. */
export interface ServiceAttachment {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly downloadUrl: string | null;
  readonly createdAt: string;
  readonly size: number | null;
}

const normalise = (a: z.output<typeof AttachmentSchema>): ServiceAttachment => ({
  id: a.id,
  name: a.name ?? a.fileName ?? '(no name)',
  type: a.type ?? a.fileType ?? 'other',
  downloadUrl: a.downloadUrl ?? null,
  createdAt: a.createdAt,
  size: a.size ?? a.fileSize ?? null,
});

const PeopleSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().max(200),
        user: z.looseObject({ id: z.string().max(200) }).nullish(),
      }),
    )
    .max(5000),
});

/**
 * The evidence routes' failures: a 403 of the permission guard names the
 * scope (a key) or the role (a session) and is about attaching only; a 413
 * is the body limit; the rest as any route's, the service's words kept.
 */
export const evidenceErrorFromResponse = (failure: HttpFailure, ctx: ErrorContext): AppError => {
  const text = serverText(failure.bodyText, failure.contentType);
  if (failure.status === 403 && text && /scope|permission|^Access denied$/i.test(text))
    return appError(
      'forbidden',
      ctx.authKind === 'api-key' ? MISSING_EVIDENCE_SCOPE : NO_SESSION_ROLE,
      {
        status: 403,
      },
    );
  if (failure.status === 413)
    return appError('invalid', 'The service refused the file as too large for one request.', {
      status: 413,
    });
  return errorFromResponse(failure, ctx);
};

export interface UploadRequest {
  readonly taskId: string;
  /** The app's copy of the file. */
  readonly path: string;
  readonly size: number;
  readonly fields: BodyFields;
  readonly onProgress: (bytes: number) => void;
  readonly signal?: AbortSignal;
}

export interface EvidenceClient {
  attach(req: UploadRequest): Promise<Result<ServiceAttachment>>;
  list(taskId: string): Promise<Result<readonly ServiceAttachment[]>>;
  /** The user (usr_…) behind a member (mem_…), from the people list: who an API key's upload is by. */
  userIdOf(memberId: string): Promise<Result<string | null>>;
}

/** At least a minute, and a minute more per 2 MB: a 100 MB file may take most of an hour on a slow link. */
export const uploadTimeoutMs = (size: number): number =>
  60_000 + Math.ceil(size / (2 * 1024 * 1024)) * 60_000;

const checked = parseAnswerWith;

const notATask = () =>
  err(
    appError(
      'bad_input',
      'That is not a compliance task id: one is "tsk_" followed by letters and digits.',
    ),
  );

export function createEvidenceClient(options: TransportOptions): EvidenceClient {
  const { send, safe } = createTransport(options, evidenceErrorFromResponse);
  const path = (id: string) => `/v1/tasks/${encodeURIComponent(id)}/attachments`;
  return {
    async attach(req) {
      if (!isComplianceTaskId(req.taskId)) return notATask();
      const body = await send({
        operation: 'updateTask',
        method: 'POST',
        path: path(req.taskId),
        taskId: req.taskId,
        body: { stream: bodyStream(req.path, req.size, req.fields, req.onProgress) },
        timeoutMs: uploadTimeoutMs(req.size),
        ...(req.signal ? { signal: req.signal } : {}),
      });
      if (!body.ok) return safe(body);
      const made = checked(AttachmentSchema, body.value, 'an attachment');
      return safe(made.ok ? ok(normalise(made.value)) : made);
    },

    async list(taskId) {
      if (!isComplianceTaskId(taskId)) return notATask();
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: path(taskId),
        taskId,
        maxBytes: 4 * 1024 * 1024,
      });
      if (!body.ok) return safe(body);
      const list = checked(
        z.array(AttachmentSchema).max(2000),
        body.value,
        'a list of attachments',
      );
      return safe(list.ok ? ok(list.value.map(normalise)) : list);
    },

    async userIdOf(memberId) {
      const body = await send({
        operation: 'read',
        method: 'GET',
        path: '/v1/people',
        maxBytes: 8 * 1024 * 1024,
      });
      if (!body.ok) return safe(body);
      const people = checked(PeopleSchema, body.value, 'a list of people');
      if (!people.ok) return safe(people);
      return ok(people.value.data.find((p) => p.id === memberId)?.user?.id ?? null);
    },
  };
}
