/** What the person reads about compliance task changes and reviews, in one place. */

/** The evidence review's three actions (compliance-reviews.ts). */
export type ReviewAction = 'submit' | 'approve' | 'reject';

const ACTION_NAMES: Record<ReviewAction, string> = {
  submit: 'Submitting for review',
  approve: 'Approving',
  reject: 'Rejecting',
};

export const COMPLIANCE_WORDS = {
  /** The service refuses review actions without a signed-in person: an API key has none. */
  needsSession: (action: ReviewAction): string =>
    `${ACTION_NAMES[action]} needs you signed in with the web app's session: an API key cannot do it. ` +
    'In Settings, add an account with “Sign in with the web app”.',
  waiting: (action: ReviewAction): string =>
    `${ACTION_NAMES[action]} waits until your change to this task has reached the service; try again then.`,
  notConnected: 'Connect to the service first.',
  /** Invariant 9: an answer for the account shown before is not shown on another's screen. */
  switched:
    'The account shown changed before the service answered: the change stays with the account that made it.',
  notComplianceTask: 'That is not a compliance task id ("tsk_…").',
} as const;
