import type { AppError } from '../../common/result';
import { isMissingPermission, TASK_SCOPES } from '../service/error-mapping';

/**
 * What a read's failure means for the feature it serves. The reads are beyond
 * the interface, so a service may not have them (404), or the key may lack
 * their scope (403): the feature then hides and says which scope would bring
 * it back, and everything the interface offers goes on as before.
 */
export type ReadFeature = 'tasks' | 'vendors' | 'risks' | 'people';

export type ReadOutcome =
  | { readonly kind: 'absent' }
  | { readonly kind: 'scope'; readonly scopes: readonly string[] }
  | { readonly kind: 'failed'; readonly error: AppError };

/** The scopes each read needs on the real service: every task route needs all four task scopes. */
export const READ_SCOPES: Readonly<Record<ReadFeature, readonly string[]>> = {
  tasks: TASK_SCOPES,
  vendors: ['vendor:read'],
  risks: ['risk:read'],
  people: ['member:read'],
};

export const judgeReadFailure = (feature: ReadFeature, error: AppError): ReadOutcome => {
  // A route the service lacks answers 404; nothing else a read can do gives one
  // (an unknown entity's list is an empty page, an unknown task's activity is []).
  if (error.status === 404) return { kind: 'absent' };
  if (isMissingPermission(error)) {
    return { kind: 'scope', scopes: READ_SCOPES[feature] };
  }
  return { kind: 'failed', error };
};

/** Said once, where the feature would be: which scopes the key needs for it. */
export const scopeAdvice = (what: string, scopes: readonly string[]): string =>
  `${what} needs an API key with the ${scopes.join(', ')} scope${scopes.length > 1 ? 's' : ''}.`;
