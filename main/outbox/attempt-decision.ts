import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { OutboxPatch } from './outbox-entry';
import { patchPieces } from './outbox-entry';
import { decideRetry } from './retry-policy';
import type { BackoffPolicy } from './retry-policy';

type Verdict<T> =
  /** The service took the change. */
  | { readonly kind: 'landed'; readonly task: T }
  /** A combined change refused for its fields: each field goes again on its own. */
  | { readonly kind: 'split'; readonly error: AppError; readonly fields: number }
  /** Refused for good: given up, the reason on the task. */
  | { readonly kind: 'refused'; readonly error: AppError }
  /** The account is refused (401/403): the profile's queue stops until it reconnects. */
  | { readonly kind: 'pause'; readonly error: AppError }
  /** Try again after `delayMs`; `holdAll`: every request waits as long (429). */
  | {
      readonly kind: 'retry';
      readonly error: AppError;
      readonly delayMs: number;
      readonly holdAll: boolean;
    };

/**
 * What to do with the service's answer to one entry. Pure: attempt.ts
 * applies it. The lane's count of failures in a row goes in as an argument
 * and comes back here.
 */
export type AttemptDecision<T = Task> = Verdict<T> & {
  /** Failed attempts in a row after this answer: the next backoff counts from it. */
  readonly failures: number;
};

/**
 * Whether the service judged the fields themselves (400, 422; 413 too large):
 * not a conflict (409), nor a local check, which is about the request, not one field.
 */
const aboutFields = (error: AppError): boolean =>
  error.kind === 'invalid' && [400, 413, 422].includes(error.status ?? 0);

/**
 * Decides from the answer. A refusal of a change of several fields about its
 * fields splits it: changes to one task are combined while they wait, and
 * one bad field must not cost the others. A split counts as a failure (the
 * pieces' backoff goes on from it); a change given up ends the run of failures.
 */
export function decideAttempt<T = Task>(
  answer: Result<T>,
  patch: OutboxPatch,
  failures: number,
  policy: BackoffPolicy,
  random: () => number,
): AttemptDecision<T> {
  if (answer.ok) return { kind: 'landed', task: answer.value, failures: 0 };
  const error = answer.error;
  const failed = failures + 1;
  const retry = decideRetry(error, failed, policy, random);
  switch (retry.kind) {
    case 'retry':
      return { ...retry, error, failures: failed };
    case 'pause':
      return { kind: 'pause', error, failures: failed };
    case 'give_up': {
      // A compliance task's justification goes with its status: one piece, not two.
      const fields = patchPieces(patch).length;
      return fields > 1 && aboutFields(error)
        ? { kind: 'split', error, fields, failures: failed }
        : { kind: 'refused', error, failures: 0 };
    }
  }
}
