import { displayText } from '../../common/display-text';
import type { z } from 'zod';
import type { Organization } from '../../common/organization';
import { OrganizationSchema } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import { isTaskId } from '../../common/task';
import { parseTask } from './quick-task-parse';

/**
 * A successful answer, checked before anyone relies on it. The schemas are
 * liberal where the interface is silent; what they refuse is an answer the
 * app cannot show, and the message says which field, not its value.
 */

/** Where an answer failed its schema: the first few fields, never their values. */
export const where = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'the body'}: ${i.message}`)
    .join('; ');

const parseJson = (bodyText: string, what: string): Result<unknown> => {
  try {
    return ok(JSON.parse(bodyText) as unknown);
  } catch {
    return err(
      appError(
        'bad_response',
        `The service's answer is not JSON, so it is not ${what}. Check the base URL points at the service itself.`,
      ),
    );
  }
};

/** A read's answer: JSON of any shape, which the read's own schema checks. */
export const parseJsonAnswer = (bodyText: string): Result<unknown> =>
  parseJson(bodyText, 'what the app asked for');

/** An answer as JSON checked by a route's own schema; `what` names it in the refusal. */
export const parseAnswerWith = <S extends z.ZodType>(
  schema: S,
  text: string,
  what: string,
): Result<z.output<S>> => {
  const json = parseJsonAnswer(text);
  if (!json.ok) return json;
  const parsed = schema.safeParse(json.value);
  return parsed.success
    ? ok(parsed.data)
    : err(
        appError(
          'bad_response',
          `The service's answer is not ${what} (${where(parsed.error.issues)}).`,
        ),
      );
};

export const parseTaskResponse = (bodyText: string, requestedId: string): Result<Task> => {
  const json = parseJson(bodyText, 'a task');
  if (!json.ok) return json;
  const parsed = parseTask(json.value);
  if (!parsed.success) {
    return err(
      appError(
        'bad_response',
        `The service's answer is not a task (${where(parsed.error.issues)}).`,
      ),
    );
  }
  // Never show one task's answer as another's.
  if (parsed.data.id !== requestedId) {
    return err(
      appError('bad_response', `The service answered about a different task than ${requestedId}.`),
    );
  }
  return ok(parsed.data);
};

/** A create's answer: a task with a service id (`tski_…`), under the vendor or risk it was made for. */
export const parseCreatedTaskResponse = (
  bodyText: string,
  entity: { readonly entityType: string; readonly entityId: string },
): Result<Task> => {
  const json = parseJson(bodyText, 'a task');
  if (!json.ok) return json;
  const parsed = parseTask(json.value);
  if (!parsed.success)
    return err(
      appError(
        'bad_response',
        `The service's answer is not a task (${where(parsed.error.issues)}).`,
      ),
    );
  if (!isTaskId(parsed.data.id) || parsed.data.entityId !== entity.entityId)
    return err(appError('bad_response', 'The service answered the create with another task.'));
  return ok(parsed.data);
};

export const parseOrganizationResponse = (
  bodyText: string,
  expectedId: string | undefined,
): Result<Organization> => {
  const json = parseJson(bodyText, 'an organization');
  if (!json.ok) return json;
  const parsed = OrganizationSchema.safeParse(json.value);
  if (!parsed.success) {
    return err(
      appError(
        'bad_response',
        `The service's answer is not an organization (${where(parsed.error.issues)}).`,
      ),
    );
  }
  // The real service lets an API key decide the organization and may ignore the
  // one asked for: say so rather than show another organization's tasks.
  if (expectedId !== undefined && parsed.data.id !== expectedId)
    return err(wrongOrganization(parsed.data, expectedId));
  return ok(parsed.data);
};

/**
 * The credentials work, for another organization than the one asked for: said
 * naming theirs, and as being about the organization id (the connect form marks
 * that field).
 */
export function wrongOrganization(own: Organization, asked: string): AppError {
  const name = own.name?.trim();
  return appError(
    'forbidden',
    `These credentials belong to the organization ${name ? `${displayText(name)} (${own.id})` : own.id}, not ${asked}. Correct the organization id, or leave it empty to use theirs.`,
  );
}
