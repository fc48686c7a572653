import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import { judgeReadFailure, scopeAdvice } from '../reads/read-availability';

/** Why "assigned to me" cannot be gathered, in words that say what to do. */
export function describeReadFailure(error: AppError, feature: 'vendors' | 'people'): string {
  const judged = judgeReadFailure(feature, error);
  if (judged.kind === 'absent')
    return feature === 'people'
      ? 'This service does not list its people, so Task Tray cannot tell which tasks are yours.'
      : 'This service does not list vendors and risks, so Task Tray cannot gather the tasks assigned to you.';
  if (judged.kind === 'scope')
    return feature === 'people'
      ? scopeAdvice('Choosing yourself', judged.scopes)
      : scopeAdvice('Gathering the tasks assigned to you', ['vendor:read', 'risk:read']);
  return error.message;
}

/** The phase a failed read leaves: a service that cannot answer it is not a failure to retry. */
export const phaseAfter = (error: AppError, feature: 'vendors' | 'people') =>
  judgeReadFailure(feature, error).kind === 'failed'
    ? ('failed' as const)
    : ('unavailable' as const);

/**
 * The people list refused: whether it is missing, or which scope the key
 * lacks, in words that fit both who reads it (the assignee picker, and
 * choosing yourself).
 */
export function peopleRefusal(error: AppError): AppError {
  const judged = judgeReadFailure('people', error);
  if (judged.kind === 'absent')
    return appError('not_found', 'This service does not list its people.');
  if (judged.kind === 'scope')
    return appError('forbidden', scopeAdvice('Listing the organization’s people', judged.scopes), {
      status: 403,
    });
  return error;
}
