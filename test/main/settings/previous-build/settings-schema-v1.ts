/**
 * The settings schema of the build before this one (0.1.0, settings version 1), frozen
 * here: what a person who goes back to it reads our file with. Every object strict, as
 * it was: an unknown field cost that build the whole file. Leaf values (a task, a
 * shortcut, notification kinds) come from common/, which keeps their wire format.
 * Replace this copy with the then-current schema when a release ships.
 */
import { z } from 'zod';
import { NotificationSettingsSchema } from '../../../../common/notification-settings';
import { ShortcutSchema } from '../../../../common/shortcut';
import { ENTITY_TYPES, TaskIdSchema, TaskSchema } from '../../../../common/task';
import { MEMBER_ID_PATTERN } from '../../../../common/task-values';
import { THEMES } from '../../../../common/views';

const HttpUrl = z.url({ protocol: /^https?$/ });
const Timestamp = z.iso.datetime({ offset: true });

const ProfileSchema = z.strictObject({
  id: z.string().min(1).max(256),
  label: z.string().min(1).max(1000),
  baseUrl: HttpUrl,
  authKind: z.enum(['api-key', 'session']),
  organizationId: z.string().min(1).max(128).nullable().default(null),
  servedOrganizationId: z.string().min(1).max(128).optional(),
  memberId: z.string().regex(MEMBER_ID_PATTERN).optional(),
  createdAt: Timestamp,
});

const PinnedTaskSchema = z.strictObject({
  profileId: z.string().min(1).max(256),
  taskId: TaskIdSchema,
  ref: z
    .strictObject({
      organizationId: z.string().min(1).max(128).optional(),
      entityType: z.enum(ENTITY_TYPES).optional(),
      entityId: z.string().min(1).max(128).optional(),
    })
    .default({}),
  snapshot: TaskSchema.nullable().default(null),
  error: z
    .strictObject({
      kind: z.string().min(1).max(64),
      message: z.string().max(2000),
      status: z.number().int().min(100).max(599).optional(),
    })
    .nullable()
    .default(null),
  pinnedAt: Timestamp,
  changedHereAt: z.string().max(64).nullish(),
});

export const PreviousSettingsSchema = z.strictObject({
  version: z.literal(1).default(1),
  profiles: z.array(ProfileSchema).default([]),
  activeProfileId: z.string().min(1).nullable().default(null),
  pinned: z.array(PinnedTaskSchema).default([]),
  launchAtLogin: z.boolean().default(false),
  shortcut: ShortcutSchema.default('CommandOrControl+Alt+Shift+T'),
  theme: z.enum(THEMES).default('system'),
  signInUrl: HttpUrl.default('https://app.trycomp.ai/'),
  serviceUrl: HttpUrl.default('https://api.trycomp.ai'),
  requestsPerMinute: z.number().int().min(1).max(1000).default(100),
  notifications: NotificationSettingsSchema.prefault({}),
  fingerprintKey: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** What that build did with a file: its version check, then the strict parse. */
export function previousBuildReads(text: string): z.ZodSafeParseResult<unknown> | 'future' {
  const raw = JSON.parse(text) as { version?: unknown };
  if (typeof raw.version === 'number' && raw.version > 1) return 'future';
  return PreviousSettingsSchema.safeParse(raw);
}
