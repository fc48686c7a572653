import { z } from 'zod';
import { BOUNDS } from './bounds';
import { clipped } from './bounded-string';
import {
  COMPLIANCE_FREQUENCIES,
  COMPLIANCE_STATUSES,
  COMPLIANCE_TASK_ID_PATTERN,
  DEPARTMENT_MAX_LENGTH,
  isComplianceFrequency,
  isComplianceStatus,
} from './compliance-values';
import { MEMBER_ID_PATTERN } from './task-values';

export * from './compliance-values';

/**
 * A compliance task (`tsk_…`) as the app keeps it, apart from task items'
 * Task for now: the two kinds differ in statuses, schedule and review.
 * Only what the app shows is kept, each field bounded (docs/ARCHITECTURE.md,
 * invariant 8): the service's automations, embeddings and the like are dropped.
 */

const Id = z.string().max(BOUNDS.id);
const MemberId = z.string().regex(MEMBER_ID_PATTERN);
/** An ISO timestamp as sent; anything that is not a date is no date at all. */
const Instant = Id.refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

/** Descriptions are plain text on this route (no TipTap documents), filtered by the organization's frameworks. */
export const COMPLIANCE_BOUNDS = {
  description: 20_000,
  justification: 2_000,
  /** The controls a task shows; a task never has more than a handful. */
  controls: 50,
  /** The whole organization's compliance tasks in one answer: a large one has a few hundred. */
  tasks: 2_000,
  /** One page of activity: the service's own limit. */
  activity: 50,
  activityText: 500,
} as const;

export const ComplianceTaskSchema = z
  .object({
    id: z.string().regex(COMPLIANCE_TASK_ID_PATTERN),
    title: clipped(BOUNDS.title),
    description: clipped(COMPLIANCE_BOUNDS.description).nullish(),
    // Kept as given and flagged, as task items' are: a new server value must not hide the task.
    status: Id,
    frequency: Id.nullable(),
    department: clipped(DEPARTMENT_MAX_LENGTH).nullable(),
    reviewDate: Instant.nullable(),
    assigneeId: MemberId.nullable(),
    approverId: MemberId.nullish(),
    approvedAt: Instant.nullish(),
    previousStatus: Id.nullish(),
    lastCompletedAt: Instant.nullish(),
    notRelevantJustification: clipped(COMPLIANCE_BOUNDS.justification).nullish(),
    controls: z
      .array(z.object({ id: Id, name: clipped(BOUNDS.name).nullish() }))
      .max(COMPLIANCE_BOUNDS.controls)
      .nullish(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .transform((t) => ({
    ...t,
    description: t.description ?? null,
    approverId: t.approverId ?? null,
    approvedAt: t.approvedAt ?? null,
    previousStatus: t.previousStatus ?? null,
    lastCompletedAt: t.lastCompletedAt ?? null,
    notRelevantJustification: t.notRelevantJustification ?? null,
    controls: t.controls ?? [],
    warnings: complianceWarnings(t),
  }));
export type ComplianceTask = z.output<typeof ComplianceTaskSchema>;

export function complianceWarnings(t: {
  readonly status: string;
  readonly frequency: string | null;
}): string[] {
  const warnings: string[] = [];
  if (!isComplianceStatus(t.status)) warnings.push(`Unknown status "${t.status}"`);
  if (t.frequency !== null && !isComplianceFrequency(t.frequency))
    warnings.push(`Unknown frequency "${t.frequency}"`);
  return warnings;
}

/** `GET /v1/tasks?includeRelations=true`: every compliance task of the organization, in one answer. */
export const ComplianceListSchema = z.object({
  data: z.array(ComplianceTaskSchema).max(COMPLIANCE_BOUNDS.tasks),
  count: z.number().int().min(0).optional(),
});

const ActivityValue = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (typeof v === 'string' ? v.slice(0, BOUNDS.id) : v))
  .optional()
  .catch(undefined);

/**
 * `GET /v1/tasks/options` (the web app's Tasks page options): the one answer
 * that says whether the organization uses evidence approval. The rest of it
 * (every control and framework) is not kept.
 */
export const ComplianceOptionsSchema = z.object({ evidenceApprovalEnabled: z.boolean() });
export type ComplianceOptions = z.output<typeof ComplianceOptionsSchema>;

/** One row of a task's history, as the service's audit log keeps it (newest first). */
export const ComplianceActivitySchema = z.object({
  id: Id,
  timestamp: Instant,
  description: clipped(COMPLIANCE_BOUNDS.activityText).nullish(),
  memberId: Id.nullish(),
  user: z
    .object({
      id: Id.nullish(),
      name: clipped(BOUNDS.name).nullish(),
      email: clipped(BOUNDS.name).nullish(),
    })
    .nullish(),
  // Only the few words the app shows; the rest of an audit row's data is not kept.
  data: z
    .object({
      action: ActivityValue,
      field: ActivityValue,
      oldValue: ActivityValue,
      newValue: ActivityValue,
      notRelevantJustification: z
        .string()
        .transform((s) => s.slice(0, COMPLIANCE_BOUNDS.justification))
        .optional()
        .catch(undefined),
    })
    .nullish()
    .catch(null),
});
export type ComplianceActivity = z.output<typeof ComplianceActivitySchema>;

export const ComplianceActivityPageSchema = z.object({
  logs: z.array(ComplianceActivitySchema).max(COMPLIANCE_BOUNDS.activity),
  total: z.number().int().min(0).optional(),
});
export type ComplianceActivityPage = z.output<typeof ComplianceActivityPageSchema>;

/**
 * What `PATCH /v1/tasks/{id}` takes from the app: only fields the service
 * acts on. A description is plain text; note that lists and single reads
 * show it filtered by the organization's frameworks (paragraphs "For ISO
 * 27001: …" of inactive ones are hidden), so text edited from what was shown
 * and sent back drops those paragraphs. A justification goes only with the
 * status not_relevant: the service keeps it only then, and silently drops it otherwise.
 */
export const CompliancePatchSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'A title must not be empty.')
      .max(BOUNDS.title, `A title is at most ${BOUNDS.title} characters.`),
    description: z
      .string()
      .max(
        COMPLIANCE_BOUNDS.description,
        `A description is at most ${COMPLIANCE_BOUNDS.description} characters.`,
      ),
    status: z.enum(COMPLIANCE_STATUSES),
    assigneeId: MemberId.nullable(),
    approverId: MemberId.nullable(),
    frequency: z.enum(COMPLIANCE_FREQUENCIES).nullable(),
    department: z
      .string()
      .trim()
      .min(1, 'A department must not be empty (null clears it).')
      .max(DEPARTMENT_MAX_LENGTH, `A department is at most ${DEPARTMENT_MAX_LENGTH} characters.`)
      .nullable(),
    reviewDate: Instant.transform((s) => new Date(s).toISOString()).nullable(),
    notRelevantJustification: z
      .string()
      .trim()
      .min(1, 'Say why the task is not relevant.')
      .max(COMPLIANCE_BOUNDS.justification),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'There is nothing to change.')
  .refine(
    (p) => p.notRelevantJustification === undefined || p.status === 'not_relevant',
    'A justification goes with the status not_relevant.',
  )
  .refine(
    (p) => p.status !== 'not_relevant' || p.notRelevantJustification !== undefined,
    'Marking a task not relevant needs a justification.',
  );
export type CompliancePatch = z.input<typeof CompliancePatchSchema>;
