import { appError, err, ok } from './result';
import type { Result } from './result';
import { COMPLIANCE_TASK_ID_PATTERN } from './compliance-values';
import { TASK_ID_PATTERN } from './task-values';
import type { EntityType } from './task-values';

/**
 * What a pasted id or web-app link tells us. Implementation: see parseTaskRef (issue 2).
 * A task item's id is `tski_…`; a compliance task's (the web app's Tasks page) is `tsk_…`,
 * and its reference has no entity (isComplianceRef).
 */
export interface TaskRef {
  readonly taskId: string;
  readonly organizationId?: string;
  readonly entityType?: EntityType;
  readonly entityId?: string;
}

/** A task link found on the clipboard, with its title where main has read the task. */
export interface ClipboardTaskRef {
  readonly ref: TaskRef;
  readonly title: string | null;
}

/** The same bound the `tasks:pin` IPC input has: a real link is far shorter, a pasted document is not a link. */
export const TASK_REF_MAX_LENGTH = 4096;

const ORGANIZATION_ID_PATTERN = /^org_[A-Za-z0-9]{1,64}$/;
const ENTITY_ID_PATTERNS: Record<EntityType, RegExp> = {
  vendor: /^vnd_[A-Za-z0-9]{1,64}$/,
  risk: /^rsk_[A-Za-z0-9]{1,64}$/,
};
/** The web app's path words for each entity; it says `risk` (singular) today, `risks` is accepted too. */
const ENTITY_PATH_WORDS: Readonly<Record<string, EntityType>> = {
  vendors: 'vendor',
  vendor: 'vendor',
  risk: 'risk',
  risks: 'risk',
};
/** The word the web app writes for each entity today (parsed back by ENTITY_PATH_WORDS). */
const WEB_APP_PATH_WORD: Readonly<Record<EntityType, string>> = { vendor: 'vendors', risk: 'risk' };
const APP_SCHEME = 'tasktray:';
const TASK_PREFIX = 'tski_';
const COMPLIANCE_PREFIX = 'tsk_';
const TASK_ID_MAX_SUFFIX = 64;
/** The web app's path word before a compliance task's id: `/{org_…}/tasks/{tsk_…}`. */
const COMPLIANCE_PATH_WORD = 'tasks';

/** Each kind's id: its prefix and pattern. */
const KINDS = {
  [TASK_PREFIX]: TASK_ID_PATTERN,
  [COMPLIANCE_PREFIX]: COMPLIANCE_TASK_ID_PATTERN,
} as const;
type IdPrefix = keyof typeof KINDS;

/** Whether a reference names a compliance task (`tsk_…`) rather than a task item. */
export const isComplianceRef = (ref: Pick<TaskRef, 'taskId'>): boolean =>
  COMPLIANCE_TASK_ID_PATTERN.test(ref.taskId);

/**
 * Pasted text often carries invisible characters at its ends (chat apps, rich
 * editors, right-to-left text around a link: its direction marks); trim()
 * misses them.
 */
const EDGE_JUNK = /^[\s\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]$/;
/** Chat apps and documents wrap what they quote: `<https://…>`, `"tski_…"`, `` `tski_…` ``. */
const WRAPPERS: Readonly<Record<string, string>> = {
  '<': '>',
  '"': '"',
  "'": "'",
  '`': '`',
  '\u201C': '\u201D',
  '(': ')',
  '[': ']',
};
/** A URL scheme, but not `localhost:3000`: a scheme is never followed by a digit (that is a port). */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):(?!\d)/;
/** `app.example.com/org_…` or `localhost:3000/org_…`: a link pasted without its `https://`. */
const SCHEMELESS_HOST = /^(?:localhost|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::\d{1,5})?\//;

const badInput = (message: string) => err(appError('bad_input', message));

/**
 * Turns what a person pasted (a task id, a web-app link to a task, or a tasktray:// link)
 * into the task it names. Never throws: every refusal is a bad_input error saying what to do.
 * Error messages quote at most one character or a scheme name, never the pasted text,
 * so a wrong paste (say, an API key) is not echoed back to the screen or a log.
 */
export function parseTaskRef(text: string): Result<TaskRef> {
  try {
    return parse(text);
  } catch {
    // Defence in depth: the code below is written not to throw, but a paste must never crash a caller.
    return badInput('That could not be read as a task id or link.');
  }
}

function parse(text: unknown): Result<TaskRef> {
  if (typeof text !== 'string') return badInput('Paste a task id (tski_…) or a link to a task.');
  const input = unwrap(trimEdges(text));
  if (input === '') return badInput('Paste a task id (tski_…) or a link to a task.');
  if (input.length > TASK_REF_MAX_LENGTH) return tooLong();

  if (input.toLowerCase().startsWith(TASK_PREFIX)) return parseTaskId(input, 'id');
  if (input.toLowerCase().startsWith(COMPLIANCE_PREFIX))
    return parseTaskId(input, 'id', COMPLIANCE_PREFIX);

  const scheme = SCHEME.exec(input)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return parseWebLink(input);
  if (scheme === 'tasktray') return parseAppLink(input);
  if (scheme !== undefined)
    return badInput(
      `Only web links (http:// or https://) and tasktray:// links can name a task, not "${scheme.slice(0, 20)}:" links.`,
    );
  if (SCHEMELESS_HOST.test(input)) return parseWebLink(`https://${input}`);

  return badInput(
    /\btski_[A-Za-z0-9]/.test(input)
      ? 'Paste only the task id (tski_…) or the whole link, without other text around it.'
      : 'That is neither a task id (tski_…) nor a link to a task: open the task in the web app and copy its link.',
  );
}

/** A loop, not a regex: `/\s+$/` backtracks quadratically on long runs of spaces. */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE_JUNK.test(text.charAt(start))) start += 1;
  while (end > start && EDGE_JUNK.test(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

function unwrap(text: string): string {
  const close = WRAPPERS[text.charAt(0)];
  return close !== undefined && text.length > 2 && text.endsWith(close)
    ? trimEdges(text.slice(1, -1))
    : text;
}

function tooLong() {
  return badInput(
    `That is too long to be a task id or link (at most ${TASK_REF_MAX_LENGTH} characters): copy just the link.`,
  );
}

/** Checks one candidate task id (a task item's, or a compliance task's) and explains exactly what is wrong with it. */
function parseTaskId(
  candidate: string,
  where: 'id' | 'link',
  prefix: IdPrefix = TASK_PREFIX,
): Result<TaskRef> {
  if (KINDS[prefix].test(candidate)) return ok({ taskId: candidate });
  const subject = where === 'link' ? 'the task id in this link' : 'this one';
  const copyAgain = where === 'link' ? 'Copy the link again.' : 'Copy the id again.';
  const ids = prefix === TASK_PREFIX ? 'Task ids' : 'Compliance task ids';
  if (!candidate.startsWith(prefix))
    return badInput(`${ids} start with a lowercase "${prefix}"; ${subject} does not. ${copyAgain}`);
  const suffix = candidate.slice(prefix.length);
  if (suffix === '')
    return badInput(
      `The task id is incomplete: letters and digits must follow "${prefix}". ${copyAgain}`,
    );
  const bad = [...suffix].find((c) => !/^[A-Za-z0-9]$/.test(c));
  if (bad !== undefined)
    return badInput(
      `${prefix} ids contain only letters and digits; ${subject} has ${describeChar(bad)}. ${copyAgain}`,
    );
  return badInput(
    `That task id is too long: a ${prefix} id has at most ${TASK_ID_MAX_SUFFIX} letters and digits after "${prefix}". ${copyAgain}`,
  );
}

/**
 * `/{org_…}/tasks/{tsk_…}`: the web app's page of a compliance task. Undefined
 * when the path is no such page; an error when it is one with a bad id.
 */
function complianceInPath(segments: readonly string[]): Result<TaskRef> | undefined {
  for (let i = 0; i < segments.length; i += 1) {
    const org = segments[i] ?? '';
    if (!ORGANIZATION_ID_PATTERN.test(org)) continue;
    if ((segments[i + 1] ?? '').toLowerCase() !== COMPLIANCE_PATH_WORD) continue;
    const candidate = segments[i + 2];
    // A task item's id there is read as it always was (below).
    if (candidate?.toLowerCase().startsWith(TASK_PREFIX)) return undefined;
    if (candidate === undefined)
      return badInput(
        "This link points to the organization's Tasks page, not a task: open the task and copy its link.",
      );
    const task = parseTaskId(candidate, 'link', COMPLIANCE_PREFIX);
    return task.ok ? ok({ taskId: task.value.taskId, organizationId: org }) : task;
  }
  return undefined;
}

/** Names a character so a person can find it, even when it is invisible. */
function describeChar(c: string): string {
  if (c === ' ') return 'a space';
  const code = `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  // A Cyrillic "а" reads as a Latin "a": say what it is, or the message reads as nonsense.
  if (/^[\p{L}\p{N}]$/u.test(c)) return `"${c}" (${code}), outside A–Z, a–z and 0–9`;
  if (/^[\p{P}\p{S}]$/u.test(c)) return `"${c}"`;
  return `an invisible character (${code})`;
}

function toUrl(input: string): URL | undefined {
  try {
    return new URL(input);
  } catch {
    return undefined;
  }
}

function parseWebLink(input: string): Result<TaskRef> {
  const url = toUrl(input);
  if (url === undefined || url.hostname === '')
    return badInput('That link is not a valid web address: check that it was copied whole.');

  const segments = url.pathname.split('/').filter((s) => s !== '');
  const place = findOrganizationPlace(segments);

  // A space typed after "=" (or an invisible character pasted there) is not part of the id.
  const queryIds = url.searchParams
    .getAll('taskItemId')
    .map(trimEdges)
    .filter((id) => id !== '');
  const distinct = [...new Set(queryIds)];
  if (distinct.length > 1)
    return badInput('This link names more than one task: open the task and copy its link again.');
  // A task item named in the query wins, as before; else the path may be a compliance task's page.
  const compliance = distinct.length === 0 ? complianceInPath(segments) : undefined;
  if (compliance !== undefined) return compliance;
  // Only when the query names no task, a path segment that is itself a task id names it.
  const candidate = distinct[0] ?? segments.find((s) => s.startsWith(TASK_PREFIX));

  if (candidate === undefined || candidate === '') {
    const what =
      place.entityType ?? (place.organizationId !== undefined ? 'organization' : undefined);
    return badInput(
      what === undefined
        ? 'This link has no task in it: open the task in the web app and copy its link.'
        : `This link points to ${what === 'organization' ? 'an' : 'a'} ${what}, not a task: open the task and copy its link.`,
    );
  }
  const task = parseTaskId(candidate, 'link');
  if (!task.ok) return task;
  return ok({ taskId: task.value.taskId, ...place });
}

/**
 * Finds `{org_…}/{vendors|risk}/{vnd_…|rsk_…}` anywhere in the path, so a web app hosted under a
 * prefix (`/app/org_…/…`) works. The entity is a hint for display only; a shape we do not
 * recognise is left out rather than refused, since the task id alone is enough to act on.
 */
function findOrganizationPlace(segments: readonly string[]): Omit<TaskRef, 'taskId'> {
  let organizationId: string | undefined;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] ?? '';
    if (!ORGANIZATION_ID_PATTERN.test(segment)) continue;
    organizationId ??= segment;
    const entityType = ENTITY_PATH_WORDS[(segments[i + 1] ?? '').toLowerCase()];
    const entityId = segments[i + 2] ?? '';
    if (entityType !== undefined && ENTITY_ID_PATTERNS[entityType].test(entityId))
      return { organizationId: segment, entityType, entityId };
  }
  return organizationId === undefined ? {} : { organizationId };
}

/** `tasktray://task/tski_…?org=org_…` (or `tsk_…`, a compliance task): the links the app itself hands out. */
function parseAppLink(input: string): Result<TaskRef> {
  const url = toUrl(input);
  if (url === undefined || url.protocol.toLowerCase() !== APP_SCHEME)
    return badInput('That tasktray:// link is not valid: check that it was copied whole.');
  // `tasktray://task/x` puts "task" in the host; `tasktray:task/x` and `tasktray:///task/x` in the path.
  const parts = [url.host, ...url.pathname.split('/')].filter((s) => s !== '');
  if ((parts[0] ?? '').toLowerCase() !== 'task' || parts.length > 2)
    return badInput(
      'That tasktray:// link does not name a task: it should look like tasktray://task/tski_….',
    );
  const candidate = parts[1];
  if (candidate === undefined)
    return badInput('That tasktray:// link has no task id after "task/".');
  const prefix = candidate.toLowerCase().startsWith(COMPLIANCE_PREFIX)
    ? COMPLIANCE_PREFIX
    : TASK_PREFIX;
  const task = parseTaskId(candidate, 'link', prefix);
  if (!task.ok) return task;

  const org = url.searchParams.get('org');
  if (org === null) return task;
  if (!ORGANIZATION_ID_PATTERN.test(org))
    return badInput(
      'The org in that tasktray:// link is not an organization id (org_ and letters and digits).',
    );
  return ok({ taskId: task.value.taskId, organizationId: org });
}

/**
 * Where a task lives in the web app: its vendor's or risk's page, on the task,
 * as the links parseTaskRef reads. Null when something needed is not known
 * (the entity, a web address).
 */
export function webAppTaskLink(input: {
  readonly signInUrl: string;
  readonly organizationId: string | null;
  readonly entityType: EntityType | null;
  readonly entityId: string | null;
  readonly taskId: string;
}): string | null {
  const { organizationId, entityType, entityId, taskId } = input;
  if (!organizationId || !entityType || !entityId) return null;
  let origin: string;
  try {
    const url = new URL(input.signInUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    origin = url.origin;
  } catch {
    return null;
  }
  const path = [organizationId, WEB_APP_PATH_WORD[entityType], entityId]
    .map(encodeURIComponent)
    .join('/');
  return `${origin}/${path}?taskItemId=${encodeURIComponent(taskId)}#task-items`;
}
