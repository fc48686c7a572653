import { z } from 'zod';
import { CompliancePatchSchema, isComplianceTaskId } from '../../common/compliance-task';
import { COMPLIANCE_TASK_ID_PATTERN } from '../../common/compliance-values';
import type { CompliancePatch } from '../../common/compliance-task';
import { BOUNDS } from '../../common/bounds';
import { PAGE_LIMIT } from '../reads/read-schemas';
import { TaskIdSchema } from '../../common/task';
import { TaskPatchSchema } from '../../common/task-patch';
import type { TaskPatch } from '../../common/task-patch';
import {
  LocalTaskIdSchema,
  TaskCreateSchema,
  isLocalTaskId,
  isTaskCreate,
} from '../../common/task-create';
import type { TaskCreate } from '../../common/task-create';

/** At most this many same-title tasks are noted before a create goes (a page's worth). */
export const MAX_SEEN_IDS = PAGE_LIMIT;

/**
 * What an entry sets: a task item's fields (`tski_…`), a compliance task's
 * (`tsk_…`), or a task to create and the edits made to it while it waits
 * (a local id, `new_…`).
 */
export type OutboxPatch = TaskPatch | CompliancePatch | TaskCreate;

const entryFields = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'An entry id is letters, digits, "_" and "-".'),
  profileId: z.string().min(1).max(256),
  createdAt: z.iso.datetime({ offset: true }),
};

/**
 * One change waiting to reach the service: which profile asked for it, which
 * task, and the fields to set. No credential: a profile id is derived from
 * public values (see profile-id.ts), the patch is what the person typed. The
 * task's id says its kind, and so which fields its patch may hold: a file
 * written before compliance tasks holds only task items' entries, read as ever.
 */
export const OutboxEntrySchema = z.union([
  z.strictObject({ ...entryFields, taskId: TaskIdSchema, patch: TaskPatchSchema }),
  z.strictObject({
    ...entryFields,
    taskId: z.string().regex(COMPLIANCE_TASK_ID_PATTERN),
    patch: CompliancePatchSchema,
  }),
  // A create; `sentAt` once a request may have carried it (create-send.ts looks before sending again).
  z.strictObject({
    ...entryFields,
    taskId: LocalTaskIdSchema,
    patch: TaskCreateSchema,
    sentAt: z.iso.datetime({ offset: true }).optional(),
    seenIds: z.array(z.string().max(BOUNDS.id)).max(MAX_SEEN_IDS).optional(),
  }),
  // An edit of a task being created that came after its create had gone out: it follows it.
  z.strictObject({ ...entryFields, taskId: LocalTaskIdSchema, patch: TaskPatchSchema }),
]);
export interface OutboxEntry {
  readonly id: string;
  readonly profileId: string;
  readonly taskId: string;
  readonly patch: OutboxPatch;
  readonly createdAt: string;
  /** A create's: when a request first may have carried it. It then takes no more fields. */
  readonly sentAt?: string;
  /**
   * A create's: the tasks of the same title its vendor or risk listed just
   * before it first went, none of which can be the one it makes.
   */
  readonly seenIds?: readonly string[];
}

/** In memory an entry also knows whether it belongs on disk (the demo's never do). */
export interface HeldEntry extends OutboxEntry {
  readonly durable: boolean;
  /**
   * One field of a combined change the service refused (splitEntry), named by
   * that change's id: sent on its own, never folded back with the others
   * (that would be refused again, split again, for ever), and its landing
   * leaves a sibling's refusal on the row. In memory only: after a restart the
   * lane is folded and tried once more. A change merged into it is the
   * person's new word: the merged entry is no piece.
   */
  readonly piece?: string;
}

/** Changes to one task of one profile form a lane: they go out in order, one request at a time. */
export const laneKey = (profileId: string, taskId: string): string => `${profileId}\n${taskId}`;
export const laneOf = (e: Pick<OutboxEntry, 'profileId' | 'taskId'>): string =>
  laneKey(e.profileId, e.taskId);

/** The entry as an ordinary one, no piece of a split change. */
export const withoutPiece = ({ piece: _piece, ...entry }: HeldEntry): HeldEntry => entry;

/** A compliance task's justification goes with its status not_relevant, and only with it. */
const JUSTIFICATION = 'notRelevantJustification';

/**
 * Later values win per field: sending the merge equals sending each change in
 * turn. A later status other than not_relevant drops an earlier
 * justification, as the service would clear it (and refuses it without one).
 */
export const mergePatch = <P extends OutboxPatch>(a: P, b: P): P => {
  const merged: Record<string, unknown> = { ...a, ...b };
  if (JUSTIFICATION in merged && merged.status !== 'not_relevant') delete merged[JUSTIFICATION];
  return merged as P;
};

/** The parts of a patch the service can judge apart: one field each, a justification with its status. */
export const patchPieces = (patch: OutboxPatch): OutboxPatch[] =>
  Object.entries(patch)
    .filter(([field]) => field !== JUSTIFICATION)
    .map(([field, value]) =>
      field === 'status' && JUSTIFICATION in patch
        ? ({
            status: value,
            [JUSTIFICATION]: (patch as CompliancePatch)[JUSTIFICATION],
          } as OutboxPatch)
        : ({ [field]: value } as OutboxPatch),
    );

/** Whether an entry makes a task (POST): a local id, and a patch that names its vendor or risk. */
export const isCreateEntry = (e: Pick<OutboxEntry, 'taskId' | 'patch'>): boolean =>
  isLocalTaskId(e.taskId) && isTaskCreate(e.patch);

/**
 * A create that may have reached the service is looked for by what it sent
 * (create-send.ts): nothing may change that, so it takes no more fields.
 */
const sealed = (e: OutboxEntry): boolean => e.sentAt !== undefined && isCreateEntry(e);

/** Whether an entry's task is a compliance task (`tsk_…`), sent with PATCH /v1/tasks/{id}. */
export const isComplianceEntry = (e: Pick<OutboxEntry, 'taskId'>): boolean =>
  isComplianceTaskId(e.taskId);

export interface NewChange {
  readonly profileId: string;
  readonly taskId: string;
  readonly patch: OutboxPatch;
  readonly durable: boolean;
}

/**
 * Adds a change. It merges into the lane's waiting entry — the newest one,
 * unless that one is on the wire right now: a request already sent cannot
 * take more fields, so the change then waits in a new entry behind it.
 */
export function addChange(
  entries: readonly HeldEntry[],
  change: NewChange,
  sendingId: string | null,
  fresh: { id: string; createdAt: string },
): { entries: HeldEntry[]; entryId: string } {
  let lastIndex = -1;
  // From the end, comparing fields rather than building keys: a bulk change adds hundreds in one go.
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i] as HeldEntry;
    if (e.taskId === change.taskId && e.profileId === change.profileId) {
      lastIndex = i;
      break;
    }
  }
  const last = lastIndex >= 0 ? entries[lastIndex] : undefined;
  if (last && last.id !== sendingId && !sealed(last)) {
    const merged: HeldEntry = {
      ...withoutPiece(last),
      patch: mergePatch(last.patch, change.patch),
      // A demo change never becomes durable by merging, nor a durable one less so.
      durable: last.durable && change.durable,
    };
    return {
      entries: entries.map((e, i) => (i === lastIndex ? merged : e)),
      entryId: last.id,
    };
  }
  const entry: HeldEntry = {
    id: fresh.id,
    profileId: change.profileId,
    taskId: change.taskId,
    patch: change.patch,
    createdAt: fresh.createdAt,
    durable: change.durable,
  };
  return { entries: [...entries, entry], entryId: entry.id };
}

/**
 * Folds every entry of a lane into its first one (position, id and age kept).
 * Used when a request must be tried again: what was sent and what came after
 * it go out as one request, which ends in the same state as sending both.
 */
export function foldLane(entries: readonly HeldEntry[], key: string): HeldEntry[] {
  const firstIndex = entries.findIndex((e) => laneOf(e) === key);
  if (firstIndex < 0) return [...entries];
  // A lane split into pieces goes on piece by piece: folded, it would be refused again.
  if (entries.some((e) => e.piece !== undefined && laneOf(e) === key)) return [...entries];
  // A create that may have been made is sent as it was; the edits behind it follow it.
  if (sealed(entries[firstIndex] as HeldEntry)) return [...entries];
  let folded = entries[firstIndex] as HeldEntry;
  for (const e of entries.slice(firstIndex + 1)) {
    if (laneOf(e) === key)
      folded = {
        ...folded,
        patch: mergePatch(folded.patch, e.patch),
        durable: folded.durable && e.durable,
      };
  }
  return entries.flatMap((e, i) => (i === firstIndex ? [folded] : laneOf(e) === key ? [] : [e]));
}

/** One entry per lane, in order of first appearance: how a file read back at start is replayed. */
export function foldAllLanes(entries: readonly HeldEntry[]): HeldEntry[] {
  let out = [...entries];
  for (const key of new Set(entries.map(laneOf))) out = foldLane(out, key);
  return out;
}

/**
 * Replaces an entry of several fields, in its place, by one entry per field
 * in the patch's order (the first keeps its age). The service refused the
 * fields together, and one of them may be why (an assignee who has left):
 * sent apart, the others still land, and a refusal names its own field.
 */
export function splitEntry(
  entries: readonly HeldEntry[],
  id: string,
  freshId: () => string,
): HeldEntry[] {
  return entries.flatMap((e) =>
    e.id !== id
      ? [e]
      : patchPieces(e.patch).map((patch): HeldEntry => ({
          ...e,
          id: freshId(),
          patch,
          piece: e.id,
        })),
  );
}

export const removeEntry = (entries: readonly HeldEntry[], id: string): HeldEntry[] =>
  entries.filter((e) => e.id !== id);

/** The patch a lane will end up sending: every waiting change in order. */
export const lanePatch = (entries: readonly HeldEntry[], key: string): OutboxPatch | null => {
  let patch: OutboxPatch | null = null;
  for (const e of entries)
    if (laneOf(e) === key) patch = patch ? mergePatch(patch, e.patch) : e.patch;
  return patch;
};
