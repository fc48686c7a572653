import type { DemoComplianceData } from './compliance-model';

/**
 * The reference service's records, shaped like the real service's tables
 * rather than its wire format: wire.ts turns them into responses. Keeping the
 * two apart lets one organization answer with the real device-field names and
 * another with the seed's, as the two services do.
 */

export interface DemoUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly image: string | null;
}

export interface DemoMember {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly role: 'owner' | 'admin' | 'employee';
  /** A deactivated member cannot be assigned and cannot act. */
  readonly deactivated: boolean;
}

/** Which names the device-management fields go out under. */
export type DeviceFieldNames = 'wire' | 'seed';

export interface DemoOrganization {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  /** A storage key on the real service, not always a URL. */
  readonly logo: string | null;
  /** Signed https URL sent beside a storage-key logo. */
  readonly logoUrl: string | null;
  /** A string that may or may not hold JSON. */
  readonly metadata: string | null;
  readonly website: string | null;
  readonly onboardingCompleted: boolean;
  readonly hasAccess: boolean;
  readonly deviceLabelId: number | null;
  readonly isDeviceSetupCompleted: boolean;
  readonly primaryColor: string | null;
  readonly createdAt: string;
  readonly deviceFieldNames: DeviceFieldNames;
  /** Fields the real service adds beyond the interface; clients must ignore them. */
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface DemoTask {
  id: string;
  readonly organizationId: string;
  title: string;
  /** Stored as given: a plain string, a TipTap JSON string, an object, or null. */
  description: unknown;
  status: string;
  priority: string;
  readonly entityId: string;
  readonly entityType: 'vendor' | 'risk';
  assigneeId: string | null;
  readonly createdById: string;
  updatedById: string | null;
  readonly createdAt: string;
  updatedAt: string;
}

export interface DemoApiKey {
  readonly key: string;
  readonly organizationId: string;
  readonly scopes: readonly string[];
  /** Who task updates made with this key are attributed to. */
  readonly actorMemberId: string;
}

export interface DemoSessionRecord {
  readonly token: string;
  readonly userId: string;
}

/** A vendor or a risk: what task items hang from (vendors are named by `name`, risks by `title`). */
export interface DemoEntity {
  readonly id: string;
  readonly organizationId: string;
  readonly type: 'vendor' | 'risk';
  readonly name: string;
}

export interface DemoData {
  /** The platform's other tasks (`tsk_…`), their audit rows and who has approval on. */
  readonly compliance: DemoComplianceData;
  readonly users: readonly DemoUser[];
  /** Vendors and risks of every organization. */
  readonly entities: readonly DemoEntity[];
  readonly members: readonly DemoMember[];
  readonly organizations: readonly DemoOrganization[];
  readonly tasks: DemoTask[];
  readonly apiKeys: readonly DemoApiKey[];
  readonly sessions: readonly DemoSessionRecord[];
}

export const SCOPE_ORGANIZATION_READ = 'organization:read';
export const SCOPE_TASK_UPDATE = 'task:update';
/** Every /v1/task-management route, reads included, needs all four (SERVICE.md). */
export const TASK_SCOPES = ['task:create', 'task:read', SCOPE_TASK_UPDATE, 'task:delete'] as const;
export const SCOPE_VENDOR_READ = 'vendor:read';
export const SCOPE_RISK_READ = 'risk:read';
export const SCOPE_MEMBER_READ = 'member:read';
/** The audit log (`GET /v1/audit-logs`): what changed across the organization. */
export const SCOPE_APP_READ = 'app:read';
/** Attaching evidence to a compliance task: not a task scope. */
export const SCOPE_EVIDENCE_CREATE = 'evidence:create';
