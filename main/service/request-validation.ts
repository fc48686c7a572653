import type { z } from 'zod';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { TASK_PRIORITIES, TASK_STATUSES, isTaskId } from '../../common/task';
import { TASK_PATCH_FIELDS, TaskPatchSchema } from '../../common/task-patch';
import type { TaskPatch } from '../../common/task-patch';

/**
 * Everything checked before a request leaves: the task id (it goes into the
 * URL path and the service does not check it), the patch (the service turns
 * some mistakes into 500s or silent empty updates), and the credentials (they
 * go into headers, where a line break would smuggle in another header).
 * Never throws, whatever it is given; the one thing it keeps is which frozen
 * patches it found valid (validatePatch).
 */

export type ServiceAuth =
  | { readonly kind: 'api-key'; readonly apiKey: string; readonly organizationId?: string }
  | { readonly kind: 'session'; readonly cookie: string; readonly organizationId: string };

const bad = (message: string) => err(appError('bad_input', message));

/**
 * A short, quoted, printable echo of what was given, for messages. Long text
 * is not echoed at all rather than cut: a cut-off credential pasted into the
 * wrong field would slip past redaction, which matches whole secrets only.
 */
const shown = (value: unknown): string => {
  if (typeof value !== 'string' || value.length > 40) return 'That';
  return JSON.stringify(value.replace(/[^\x20-\x7E]/g, '?'));
};

/** TaskIdSchema's check (isTaskId shares its pattern), without a zod parse per request. */
export const validateTaskId = (id: unknown): Result<string> =>
  isTaskId(id)
    ? ok(id)
    : bad(`${shown(id)} is not a task id: a task id is "tski_" followed by letters and digits.`);

const fieldMessages: Record<string, string> = {
  title: 'A title must be non-empty text.',
  description: 'A description must be text.',
  status: `Status must be one of ${TASK_STATUSES.join(', ')}.`,
  priority: `Priority must be one of ${TASK_PRIORITIES.join(', ')}.`,
  assigneeId: 'An assignee is a member id ("mem_…"), or null to unassign.',
};

const describeIssue = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys
      .slice(0, 3)
      .map((k) => (k.length > 40 ? 'a long field name' : JSON.stringify(k)))
      .join(', ');
    return `Only ${TASK_PATCH_FIELDS.join(', ')} can be changed, not ${keys}.`;
  }
  const field = issue.path[0];
  if (issue.path.length === 0) {
    return issue.code === 'invalid_type'
      ? 'The change must be an object of fields to set.'
      : issue.message;
  }
  // Type and enum mistakes get a sentence naming what is allowed; the schema's own
  // messages (empty title, member id shape, nothing to change) are already written for people.
  if (
    typeof field === 'string' &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value')
  ) {
    return fieldMessages[field] ?? issue.message;
  }
  return issue.message;
};

/**
 * Patches found valid, by the object checked: a bulk change sends one patch
 * for hundreds of tasks (task-service.ts freezes it), checked once. Frozen
 * ones only, so that no field is added or replaced since; and what goes out
 * is always the checked copy (frozen too), never the object given, so even a
 * getter that reads differently later changes nothing that is sent.
 */
const checkedPatches = new WeakMap<object, TaskPatch>();
const frozen = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && Object.isFrozen(v);

export const validatePatch = (patch: unknown): Result<TaskPatch> => {
  let parsed: ReturnType<typeof TaskPatchSchema.safeParse>;
  try {
    const known = frozen(patch) ? checkedPatches.get(patch) : undefined;
    if (known) return ok(known);
    parsed = TaskPatchSchema.safeParse(patch);
    if (parsed.success && frozen(patch)) checkedPatches.set(patch, Object.freeze(parsed.data));
  } catch {
    // A getter that throws or a proxy: nothing we can send.
    return bad('The change could not be read.');
  }
  if (parsed.success) return ok(parsed.data);
  const messages = [...new Set(parsed.error.issues.map(describeIssue))];
  return bad(messages.join(' '));
};

/** RFC 6265 cookie pairs, "; "-separated: no spaces, quotes, commas or line breaks in values. */
const COOKIE_PAIRS =
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*(; ?[!#$%&'*+\-.^_`|~0-9A-Za-z]+=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*)*$/;
const HEADER_TOKEN = /^[\x21-\x7E]+$/;
const ORGANIZATION_ID = /^org_[A-Za-z0-9]{1,64}$/;

const organizationHeader = (id: string | undefined, required: boolean): Result<string | null> => {
  const trimmed = typeof id === 'string' ? id.trim() : '';
  if (trimmed === '') {
    return required
      ? bad('A web session needs the organization id ("org_…") to work in.')
      : ok(null);
  }
  if (!ORGANIZATION_ID.test(trimmed)) {
    return bad(
      `${shown(trimmed)} is not an organization id: it looks like "org_" and letters and digits.`,
    );
  }
  return ok(trimmed);
};

/**
 * The headers that authenticate a request. Messages never repeat the
 * credential: they say what is wrong with it, not what it is.
 */
export const authHeaders = (auth: ServiceAuth): Result<Record<string, string>> => {
  if (typeof auth !== 'object' || auth === null) return bad('No credentials were given.');
  if (auth.kind === 'api-key') {
    const key = typeof auth.apiKey === 'string' ? auth.apiKey.trim() : '';
    if (key === '') return bad('Enter an API key.');
    if (key.length > 4096 || !HEADER_TOKEN.test(key)) {
      return bad(
        'That API key has spaces or characters a key cannot have. Copy it again from the web app.',
      );
    }
    const org = organizationHeader(auth.organizationId, false);
    if (!org.ok) return org;
    return ok({ 'X-API-Key': key, ...(org.value ? { 'X-Organization-Id': org.value } : {}) });
  }
  if (auth.kind === 'session') {
    const cookie = typeof auth.cookie === 'string' ? auth.cookie.trim() : '';
    if (cookie === '') return bad('There is no web session: sign in again.');
    if (cookie.length > 8192 || !COOKIE_PAIRS.test(cookie)) {
      return bad('The web session cookie is not in the "name=value" form. Sign in again.');
    }
    const org = organizationHeader(auth.organizationId, true);
    if (!org.ok) return org;
    return ok({ Cookie: cookie, 'X-Organization-Id': org.value ?? '' });
  }
  return bad('Unknown kind of credentials.');
};

/** The strings that must never appear in anything the client returns. */
export const secretsOf = (auth: ServiceAuth): string[] => {
  if (typeof auth !== 'object' || auth === null) return [];
  if (auth.kind === 'api-key') return typeof auth.apiKey === 'string' ? [auth.apiKey.trim()] : [];
  if (auth.kind === 'session' && typeof auth.cookie === 'string') return cookieValues(auth.cookie);
  return [];
};

/**
 * The secret parts of a Cookie header: each value, not the names
 * ("better-auth.session_token" is no secret, and redacting runs of it would
 * garble every message that names the cookie).
 */
export const cookieValues = (cookie: string): string[] =>
  cookie
    .split(';')
    .map((p) => p.slice(p.indexOf('=') + 1).trim())
    .filter((v) => v.length > 0);
