import type { ComplianceRefusalKind } from '../../common/compliance-change';
import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import type { ErrorContext, HttpFailure } from './error-mapping';
import { errorFromResponse, serverText } from './error-mapping';

/**
 * How the compliance task routes' failures are named. Beyond the interface,
 * they may be absent (404) or closed to this key or role (403 for a missing
 * scope or permission): then they are "not available", said once, and the
 * app goes on with task items. Any other 403 is the service refusing one
 * action (only the approver may approve): its own words are kept. The rest
 * is named as for task items (error-mapping.ts), with the service's words.
 */

/** An AppError that may also say the compliance routes are not available here at all. */
export interface ComplianceError extends AppError {
  readonly unavailable?: 'absent' | 'not_permitted';
}

/** Words of the real service's permission guard (apps/api/src/auth/permission.guard.ts). */
const PERMISSION_WORDS = /scope|permission|^Access denied$|no longer supported/i;

export const complianceErrorFromResponse = (
  failure: HttpFailure,
  ctx: ErrorContext,
): ComplianceError => {
  const { status } = failure;
  const text = serverText(failure.bodyText, failure.contentType);
  if (status === 404) {
    // The real service answers an unknown task with 400: a 404 is the route itself missing.
    return {
      ...appError(
        'not_found',
        'Compliance tasks are not available from this service: it does not offer them. Task items work as before.',
        { status },
      ),
      unavailable: 'absent',
    };
  }
  if (status === 403 && text && PERMISSION_WORDS.test(text)) {
    const lead =
      ctx.authKind === 'api-key'
        ? 'Compliance tasks are not available with this API key: reading them needs the task:read scope, changing them task:update.'
        : 'Compliance tasks are not available to your role in this organization: owners, admins and auditors can see them.';
    return {
      ...appError('forbidden', `${lead} Task items work as before.`, { status }),
      unavailable: 'not_permitted',
    };
  }
  if (status === 403) {
    return appError(
      'forbidden',
      text
        ? `The service refused this: ${/[.!?]$/.test(text) ? text : `${text}.`}`
        : 'The service refused this (403 Forbidden).',
      { status },
    );
  }
  return errorFromResponse(failure, ctx);
};

/** A refusal the app can answer with the right action rather than only words. */
export type ComplianceRefusal = ComplianceRefusalKind;

const REFUSALS: readonly [RegExp, ComplianceRefusal][] = [
  [/Cannot change status directly while task is in review/, 'in_review'],
  [/Cannot mark task as done directly when an approver is assigned/, 'needs_review'],
  [/requires an authenticated user session/, 'needs_session'],
  [/Only the assigned approver/, 'not_approver'],
  [/Task not found or access denied/, 'not_found'],
];

/** Which of the service's refusals this is, by its words; null for any other failure. */
export const complianceRefusal = (error: AppError): ComplianceRefusal | null => {
  if (error.status !== 400 && error.status !== 403) return null;
  return REFUSALS.find(([words]) => words.test(error.message))?.[1] ?? null;
};
