/**
 * The values of the platform's compliance tasks (`tsk_…`, the web app's Tasks
 * page), apart from task items' (`tski_…`, task-values.ts): six statuses, not
 * five, and a schedule. No zod here, so the renderer can import it.
 */
export const COMPLIANCE_STATUSES = [
  'todo',
  'in_progress',
  'in_review',
  'done',
  'not_relevant',
  'failed',
] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  done: 'Done',
  not_relevant: 'Not relevant',
  failed: 'Failed',
};

/** How often the evidence is due again; null on the wire when it has no schedule. */
export const COMPLIANCE_FREQUENCIES = [
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export type ComplianceFrequency = (typeof COMPLIANCE_FREQUENCIES)[number];

/** The web app's built-in departments; the service also accepts any other name up to 64 characters. */
export const BUILT_IN_DEPARTMENTS = ['none', 'admin', 'gov', 'hr', 'it', 'itsm', 'qms'] as const;
export const DEPARTMENT_MAX_LENGTH = 64;

/** Bounded like task items' ids: it goes into a URL path, and the service does not check it. */
export const COMPLIANCE_TASK_ID_PATTERN = /^tsk_[A-Za-z0-9]{1,64}$/;

export const isComplianceTaskId = (v: unknown): v is string =>
  typeof v === 'string' && COMPLIANCE_TASK_ID_PATTERN.test(v);
export const isComplianceStatus = (v: unknown): v is ComplianceStatus =>
  typeof v === 'string' && (COMPLIANCE_STATUSES as readonly string[]).includes(v);
export const isComplianceFrequency = (v: unknown): v is ComplianceFrequency =>
  typeof v === 'string' && (COMPLIANCE_FREQUENCIES as readonly string[]).includes(v);
