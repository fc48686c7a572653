import type { AppError, Result } from '../../common/result';
import type { BackoffPolicy } from '../outbox/retry-policy';
import { decideRetry } from '../outbox/retry-policy';

/**
 * What to do with the service's answer to one upload. Pure. Unlike a task
 * change, a 403 here is about attaching only (the key lacks evidence:create,
 * the role may not): the file is given up with those words and nothing else
 * of the account stops. A 401 holds the account's uploads until it reconnects.
 */
export type UploadDecision<T> =
  | { readonly kind: 'landed'; readonly value: T }
  | { readonly kind: 'refused'; readonly error: AppError }
  | { readonly kind: 'hold'; readonly error: AppError }
  | {
      readonly kind: 'retry';
      readonly error: AppError;
      readonly delayMs: number;
      readonly holdAll: boolean;
    };

export function decideUpload<T>(
  answer: Result<T>,
  failures: number,
  policy: BackoffPolicy,
  random: () => number,
): UploadDecision<T> {
  if (answer.ok) return { kind: 'landed', value: answer.value };
  const error = answer.error;
  if (error.kind === 'forbidden') return { kind: 'refused', error };
  const retry = decideRetry(error, failures + 1, policy, random);
  switch (retry.kind) {
    case 'give_up':
      return { kind: 'refused', error };
    case 'pause':
      return { kind: 'hold', error };
    case 'retry':
      return { kind: 'retry', error, delayMs: retry.delayMs, holdAll: retry.holdAll };
  }
}
