import type { z } from 'zod';
import { BOUNDS } from '../../common/bounds';
import { TaskSchema, boundDescription, taskWarnings } from '../../common/task';
import type { Task } from '../../common/task';
import { settleTask } from './settled-task';

/**
 * TaskSchema without zod, for an answer already in its plain shape: every
 * field of the type it should be and within its bound, so that nothing is
 * clipped or refused. The output is TaskSchema's, key for key. Anything else
 * (a string to clip, a field of another type, an object that is not plain)
 * goes to TaskSchema, which decides and says why.
 *
 * Why not zod for all: a bulk change parses hundreds of answers at once,
 * while hundreds of requests are in flight, and zod's work per field (a
 * result object each, a pipe per transform) made garbage that every
 * collection then copied with them: parsing each answer twice cost bench
 * item 5 ten points; this path won it three (64 → 67 % of bare requests).
 */

/** A value the quick path does not take as it is. */
const UNSURE = Symbol('unsure');
type Read = (value: unknown) => unknown;

/** What JSON.parse makes: other objects (a class, a null prototype) are TaskSchema's to read. */
const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A string the schema keeps as it is: a longer one (in UTF-16 units) it clips or judges itself. */
const upTo =
  (max: number): Read =>
  (v) =>
    typeof v === 'string' && v.length <= max ? v : UNSURE;

/** zod's nullish(): null and undefined pass as they are. */
const nullish =
  (read: Read): Read =>
  (v) =>
    v === null || v === undefined ? v : read(v);

interface Field {
  readonly key: string;
  readonly read: Read;
  readonly required?: true;
}

/** zod's object(): the schema's keys in its order, those present only; others dropped. */
const object =
  (fields: readonly Field[]): Read =>
  (v) => {
    if (!plain(v)) return UNSURE;
    const out: Record<string, unknown> = {};
    for (const { key, read, required } of fields) {
      if (!(key in v)) {
        if (required) return UNSURE;
        continue;
      }
      const x = read(v[key]);
      if (x === UNSURE) return UNSURE;
      out[key] = x;
    }
    return out;
  };

const id = upTo(BOUNDS.id);

/** UserSchema's, MemberSchema's and TaskSchema's fields, in their order (a test holds them together). */
export const QUICK_USER_FIELDS: readonly Field[] = [
  { key: 'id', read: nullish(id) },
  { key: 'name', read: nullish(upTo(BOUNDS.name)) },
  { key: 'email', read: nullish(upTo(BOUNDS.name)) },
  { key: 'image', read: nullish(upTo(BOUNDS.url)) },
];
export const QUICK_MEMBER_FIELDS: readonly Field[] = [
  { key: 'id', read: id, required: true },
  { key: 'user', read: nullish(object(QUICK_USER_FIELDS)) },
];
const member = nullish(object(QUICK_MEMBER_FIELDS));

export const QUICK_TASK_FIELDS: readonly Field[] = [
  { key: 'id', read: id, required: true },
  { key: 'title', read: nullish(upTo(BOUNDS.title)) },
  // Any value, as in the schema; bounded below, once every other field is found in shape.
  { key: 'description', read: (v) => v },
  { key: 'status', read: id, required: true },
  { key: 'priority', read: nullish(id) },
  { key: 'entityId', read: nullish(id) },
  { key: 'entityType', read: nullish(id) },
  { key: 'assignee', read: member },
  { key: 'createdBy', read: member },
  { key: 'updatedBy', read: member },
  { key: 'createdAt', read: nullish(id) },
  { key: 'updatedAt', read: nullish(id) },
];
const task = object(QUICK_TASK_FIELDS);

/** The task TaskSchema would make of `value`, or null when it is not plainly in shape. */
export function quickTask(value: unknown): Task | null {
  const fields = task(value);
  if (fields === UNSURE) return null;
  const t = fields as Omit<Task, 'warnings'> & { description?: unknown; warnings?: string[] };
  // boundDescription keeps it or reduces it to its text (undefined stays undefined), as the
  // schema's transform does; last, so a large one is walked once even when zod has to decide.
  if ('description' in t) t.description = boundDescription(t.description);
  // Added last, as the schema's spread adds it: the object is this call's own.
  t.warnings = taskWarnings(t);
  return t as Task;
}

/** TaskSchema.safeParse, answered without zod when the quick path can; the task settled (frozen). */
export const parseTask = (value: unknown): z.ZodSafeParseResult<Task> => {
  const quick = quickTask(value);
  const parsed = quick ? { success: true as const, data: quick } : TaskSchema.safeParse(value);
  if (parsed.success) settleTask(parsed.data);
  return parsed;
};
