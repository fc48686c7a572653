import { z } from 'zod';
import { ENTITY_TYPES, TaskIdSchema, TaskSchema } from '../../common/task';
import type { Task } from '../../common/task';
import { DEFAULT_SHORTCUT, ShortcutSchema } from '../../common/shortcut';
import { THEMES } from '../../common/views';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import { defineField } from '../lib/define-field';
import { isSettledTask } from '../service/settled-task';
import { NotificationSettingsSchema } from '../../common/notification-settings';
import { SYNC_INTERVALS } from '../../common/sync-interval';
import { COMPLIANCE_TASK_ID_PATTERN } from '../../common/compliance-values';
import { BOUNDS } from '../../common/bounds';

/**
 * The version this build writes. A file with a higher one came from a newer Task Tray
 * and is set aside whole, so raise it only for a change an older build would misread:
 * a field added is not one (every read since this build keeps fields it does not know,
 * unknown-fields.ts). test/main/settings/downgrade.test.ts reads this build's file with
 * the previous build's schema.
 */
export const SETTINGS_VERSION = 1;

export const DEFAULT_SERVICE_URL = 'https://api.trycomp.ai';
export const DEFAULT_SIGN_IN_URL = 'https://app.trycomp.ai/';
export { DEFAULT_SHORTCUT } from '../../common/shortcut';
export const DEFAULT_REQUESTS_PER_MINUTE = 100;

/**
 * Key names that could carry a secret. The strict objects below refuse any
 * unknown key anyway; this list is for the one loose part (a task snapshot, as
 * the service sent it) and for saying *why* a key was refused.
 */
export const SECRET_KEY_PATTERN =
  /api[-_]?key|cookie|token|passw(or)?d|secret|credential|authori[sz]ation|session/i;

/**
 * A copy of a JSON-like value without any key that looks like it holds a
 * secret, at any depth. Applied to snapshots: a service answer is stored as it
 * came, and a future field such as `sessionToken` must not reach the file.
 */
export function withoutSecretKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withoutSecretKeys(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // for…in: no array of pairs per object (every snapshot written goes through here).
  for (const k in o) {
    if (Object.hasOwn(o, k) && !SECRET_KEY_PATTERN.test(k))
      defineField(out, k, withoutSecretKeys(o[k]));
  }
  return out as T;
}

const HttpUrl = z.url({
  protocol: /^https?$/,
  error: 'Expected an http(s) URL.',
});
const Timestamp = z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time.' });

export const ProfileSchema = z.strictObject({
  id: z.string().min(1).max(256),
  label: z.string().min(1).max(1000),
  baseUrl: HttpUrl,
  authKind: z.enum(['api-key', 'session']),
  organizationId: z.string().min(1).max(128).nullable().default(null),
  /** The organization the credentials answered for (organizationId is only what was asked for). */
  servedOrganizationId: z.string().min(1).max(128).optional(),
  /** The member the person said they are ("assigned to me" with an API key, which has no identity). */
  memberId: z.string().regex(MEMBER_ID_PATTERN).optional(),
  createdAt: Timestamp,
});

export const PinnedRefSchema = z.strictObject({
  organizationId: z.string().min(1).max(128).optional(),
  entityType: z.enum(ENTITY_TYPES).optional(),
  entityId: z.string().min(1).max(128).optional(),
});

/** Why the service refused the last change to a pin; kept until the person dismisses it. */
export const PinnedErrorSchema = z.strictObject({
  kind: z.string().min(1).max(64),
  message: z.string().max(2000),
  status: z.number().int().min(100).max(599).optional(),
});

/** The snapshot is the task as parsed from the service, minus anything secret-looking. */
const SnapshotSchema = TaskSchema.transform((t): Task => withoutSecretKeys(t));

export const PinnedTaskSchema = z.strictObject({
  profileId: z.string().min(1).max(256),
  taskId: TaskIdSchema,
  ref: PinnedRefSchema.default({}),
  snapshot: SnapshotSchema.nullable().default(null),
  error: PinnedErrorSchema.nullable().default(null),
  pinnedAt: Timestamp,
  /** When the service recorded the last change made from here (its updatedAt), to say so on the row. */
  changedHereAt: z.string().max(64).nullish(),
});

/** A compliance task (`tsk_…`) pinned by a profile: only its id; the task is in compliance.json. */
export const CompliancePinSchema = z.strictObject({
  profileId: z.string().min(1).max(256),
  taskId: z.string().regex(COMPLIANCE_TASK_ID_PATTERN),
  pinnedAt: Timestamp,
});
/** Compliance pins kept at most, over every profile. */
export const MAX_COMPLIANCE_PINS = 1_000;

/**
 * A vendor or risk a new task was made under (the quick entry offers the last
 * used first): only ones the service listed, so one kept here may be chosen
 * again while the service cannot be reached.
 */
export const RecentEntitySchema = z.strictObject({
  profileId: z.string().min(1).max(256),
  entityType: z.enum(ENTITY_TYPES),
  entityId: z.string().regex(/^(vnd|rsk)_[A-Za-z0-9]{1,64}$/),
  name: z.string().max(BOUNDS.name),
});
/** Recent vendors and risks kept at most, over every profile. */
export const MAX_RECENT_ENTITIES = 100;

interface CrossFieldIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** Rules across fields: unique profile ids, an active profile among them, each task pinned once per profile. */
const crossFieldIssues = (
  s: { profiles: readonly { id: string }[]; activeProfileId: string | null },
  pinned: readonly { profileId: string; taskId: string }[],
): CrossFieldIssue[] => {
  const issues: CrossFieldIssue[] = [];
  const ids = new Set<string>();
  s.profiles.forEach((p, i) => {
    if (ids.has(p.id))
      issues.push({ path: ['profiles', i, 'id'], message: `Two profiles share the id "${p.id}".` });
    ids.add(p.id);
  });
  if (s.activeProfileId !== null && !ids.has(s.activeProfileId))
    issues.push({
      path: ['activeProfileId'],
      message: `The active profile "${s.activeProfileId}" is not among the profiles.`,
    });
  const pins = new Set<string>();
  pinned.forEach((p, i) => {
    const key = `${p.profileId}\n${p.taskId}`;
    if (pins.has(key))
      issues.push({
        path: ['pinned', i, 'taskId'],
        message: `${p.taskId} is pinned twice for the same profile.`,
      });
    pins.add(key);
  });
  return issues;
};

/**
 * The settings file. Every object is strict: an unknown key, and so any
 * apiKey / cookie / token / password, is refused rather than written. A file's
 * fields this build does not know are taken off before this parse and written
 * back as they were (unknown-fields.ts); secret-looking ones are not, and are
 * refused. Every field has a default, so a file from an older build (or none) still loads.
 */
export const SettingsSchema = z
  .strictObject({
    version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
    profiles: z.array(ProfileSchema).default([]),
    activeProfileId: z.string().min(1).nullable().default(null),
    // Pins outlive a sign-out on purpose (connecting again brings them back),
    // so a pin's profileId need not name a current profile.
    pinned: z.array(PinnedTaskSchema).default([]),
    launchAtLogin: z.boolean().default(false),
    shortcut: ShortcutSchema.default(DEFAULT_SHORTCUT),
    theme: z.enum(THEMES).default('system'),
    signInUrl: HttpUrl.default(DEFAULT_SIGN_IN_URL),
    serviceUrl: HttpUrl.default(DEFAULT_SERVICE_URL),
    requestsPerMinute: z.number().int().min(1).max(1000).default(DEFAULT_REQUESTS_PER_MINUTE),
    // Every kind on until the person says otherwise; a file from before has none.
    notifications: NotificationSettingsSchema.prefault({}),
    // Written only when not the default: the build before reads every object strictly, so a
    // file with the default stays one it reads whole. An interval this build does not offer
    // (a newer build's, a hand edit) reads as the default.
    syncInterval: z.enum(SYNC_INTERVALS).optional().catch(undefined),
    // Written only when there is one, as syncInterval is: a file without compliance pins stays
    // one the build before reads whole. Pin order; one per profile and task (compliance-pins.ts).
    compliancePins: z.array(CompliancePinSchema).max(MAX_COMPLIANCE_PINS).optional(),
    // Written only when there is one: the last used first (task-creates.ts).
    recentEntities: z
      .array(RecentEntitySchema)
      .max(MAX_RECENT_ENTITIES)
      .optional()
      .catch(undefined),
    // Written only when not the default, as syncInterval is; one this build refuses reads as the default.
    newTaskShortcut: ShortcutSchema.optional().catch(undefined),
    captureShortcut: ShortcutSchema.optional().catch(undefined),
    // Names a key in a profile id without revealing it (profile-id.ts); made at the first connect.
    fingerprintKey: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .superRefine((s, ctx) => {
    for (const issue of crossFieldIssues(s, s.pinned)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type Settings = z.output<typeof SettingsSchema>;
export type Profile = Settings['profiles'][number];
export type PinnedTaskRecord = Settings['pinned'][number];

/** Whether a key that withoutSecretKeys leaves out is anywhere in it. */
const holdsSecretKey = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(holdsSecretKey);
  if (value === null || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  for (const k in o)
    if (Object.hasOwn(o, k) && (SECRET_KEY_PATTERN.test(k) || holdsSecretKey(o[k]))) return true;
  return false;
};

/**
 * PinnedTaskSchema.safeParse, with one shortcut: a snapshot that is
 * TaskSchema's settled output (an answer of the service's, as the client
 * parsed it) and holds no secret-looking key is what SnapshotSchema would
 * give back, equal key for key; it is kept as it is, and only the pin's own
 * fields are parsed. A bulk change's settings write parsed 200 tasks again.
 */
const parsePin = (pin: unknown): ReturnType<typeof PinnedTaskSchema.safeParse> => {
  const snapshot =
    pin !== null && typeof pin === 'object' ? (pin as { snapshot?: unknown }).snapshot : undefined;
  if (!isSettledTask(snapshot) || holdsSecretKey(snapshot)) return PinnedTaskSchema.safeParse(pin);
  const rest = PinnedTaskSchema.safeParse({ ...(pin as object), snapshot: null });
  // Refused: the full parse says why, in its own words.
  if (!rest.success) return PinnedTaskSchema.safeParse(pin);
  return { success: true, data: { ...rest.data, snapshot } };
};

/**
 * SettingsSchema.safeParse, with one shortcut: a pin that is itself the
 * output of an earlier parse (`parsed` says which; they are frozen) is taken
 * as it is, not parsed again. Most updates change a few pins out of hundreds.
 * The result is the same as a full parse (parsing a parsed pin gives it
 * back); on any problem the full parse runs, so errors read exactly as before.
 */
export function parseSettings(
  value: unknown,
  parsed: WeakSet<object>,
): ReturnType<typeof SettingsSchema.safeParse> {
  const pinned =
    value !== null && typeof value === 'object'
      ? (value as { pinned?: unknown }).pinned
      : undefined;
  if (!Array.isArray(pinned)) return SettingsSchema.safeParse(value);
  const pins: PinnedTaskRecord[] = [];
  for (const pin of pinned as unknown[]) {
    if (pin !== null && typeof pin === 'object' && parsed.has(pin)) {
      pins.push(pin as PinnedTaskRecord);
      continue;
    }
    const one = parsePin(pin);
    if (!one.success) return SettingsSchema.safeParse(value);
    pins.push(one.data);
  }
  const rest = SettingsSchema.safeParse({ ...(value as object), pinned: [] });
  if (!rest.success || crossFieldIssues(rest.data, pins).length > 0)
    return SettingsSchema.safeParse(value);
  // Same keys in the same order as a full parse: pinned keeps its place.
  return { success: true, data: { ...rest.data, pinned: pins } };
}

/** A fresh copy of the settings a first run starts with. */
export const defaultSettings = (): Settings => SettingsSchema.parse({});

/**
 * The schema's complaints as one readable sentence: where and what, at most a
 * few of them. Zod's messages name keys and expected values, never the value
 * found, so nothing from the input (a secret put in the wrong place) is echoed.
 */
export function describeSettingsIssues(error: z.ZodError, max = 3): string {
  const secretIssue = (i: z.core.$ZodIssue): boolean =>
    i.code === 'unrecognized_keys' && i.keys.some((k) => SECRET_KEY_PATTERN.test(k));
  // A secret in the wrong place is the problem to name first, whatever else is wrong.
  const issues = [
    ...error.issues.filter(secretIssue),
    ...error.issues.filter((i) => !secretIssue(i)),
  ];
  const parts = issues.slice(0, max).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : 'settings';
    if (issue.code === 'unrecognized_keys') {
      const secretish = issue.keys.filter((k) => SECRET_KEY_PATTERN.test(k));
      const names = issue.keys.map((k) => `"${k}"`).join(', ');
      return secretish.length
        ? `${where}: ${names} is not allowed — settings never hold secrets; they belong in the system keychain`
        : `${where}: unknown field ${names}`;
    }
    return `${where}: ${issue.message.replace(/\.$/, '')}`;
  });
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return `${parts.join('; ')}${more}`;
}
