import { z } from 'zod';
import { TaskSchema } from '../../common/task';
import { isEntityType } from '../../common/task-values';
import type { EntityType } from '../../common/task-values';
import { MEMBER_ID_PATTERN } from '../../common/task-values';

/**
 * The shapes of the real service's read answers (../shared/SERVICE.md, "Beyond
 * the interface"), as liberal as the PUT's answer: extra fields pass, missing
 * optional ones are null. Lists are bounded so a hostile answer costs one
 * refused read, never unbounded memory (docs/ARCHITECTURE.md, invariant 8).
 */

/** The service's own page size cap; a page with more is not one of its pages. */
export const PAGE_LIMIT = 100;
/** Vendors and people come in one unpaged list; an organization with more is not one we can show. */
export const MAX_UNPAGED = 5_000;
const MAX_NAME = 500;

const name = z.string().transform((s) => s.slice(0, MAX_NAME));

export const TaskPageSchema = z.looseObject({
  data: z.array(TaskSchema).max(PAGE_LIMIT),
  meta: z.looseObject({
    page: z.number().int().min(1),
    totalPages: z.number().int().min(0),
  }),
});
export type TaskPage = z.output<typeof TaskPageSchema>;

export const VendorsSchema = z.looseObject({
  data: z
    .array(z.looseObject({ id: z.string().regex(/^vnd_[A-Za-z0-9]{1,64}$/), name }))
    .max(MAX_UNPAGED),
});

export const RisksPageSchema = z.looseObject({
  data: z
    .array(z.looseObject({ id: z.string().regex(/^rsk_[A-Za-z0-9]{1,64}$/), title: name }))
    .max(250),
  page: z.number().int().min(1).optional(),
  pageCount: z.number().int().min(0).optional(),
  // The code answers totalCount; the published description says count.
  totalCount: z.number().int().min(0).optional(),
  count: z.number().int().min(0).optional(),
});

const PersonUserSchema = z.looseObject({
  id: z.string().nullish(),
  name: name.nullish(),
  email: name.nullish(),
});

export const PeopleSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().regex(MEMBER_ID_PATTERN),
        role: z.string().max(MAX_NAME).nullish(),
        user: PersonUserSchema.nullish(),
      }),
    )
    .max(MAX_UNPAGED),
});

export const MeSchema = z.looseObject({
  organizations: z
    .array(z.looseObject({ id: z.string().nullish(), memberId: z.string().nullish() }))
    .max(MAX_UNPAGED)
    .nullish(),
});

/** Audit rows of one task, oldest first; only `data` matters here. */
export const ActivitySchema = z
  .array(z.looseObject({ data: z.unknown().optional() }))
  .max(MAX_UNPAGED);

export interface EntityKey {
  readonly entityType: EntityType;
  readonly entityId: string;
}

const ENTITY_ID: Record<EntityType, RegExp> = {
  vendor: /^vnd_[A-Za-z0-9]{1,64}$/,
  risk: /^rsk_[A-Za-z0-9]{1,64}$/,
};

export const entityKey = (type: unknown, id: unknown): EntityKey | null => {
  if (typeof type !== 'string' || typeof id !== 'string') return null;
  const entityType = type.toLowerCase();
  if (!isEntityType(entityType) || !ENTITY_ID[entityType].test(id)) return null;
  return { entityType, entityId: id };
};

const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The vendor or risk a task belongs to, as its audit rows name it: the service
 * writes `parentEntityType`/`parentEntityId` on most rows, and
 * `changes.entityType`/`entityId` on some. The newest row that names one wins.
 */
export const entityFromActivity = (rows: z.output<typeof ActivitySchema>): EntityKey | null => {
  for (let i = rows.length - 1; i >= 0; i--) {
    const data = record(rows[i]?.data);
    if (!data) continue;
    const parent = entityKey(data['parentEntityType'], data['parentEntityId']);
    if (parent) return parent;
    const changes = record(data['changes']);
    const changed = changes ? entityKey(changes['entityType'], changes['entityId']) : null;
    if (changed) return changed;
  }
  return null;
};
