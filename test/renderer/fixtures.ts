import type { ComplianceTaskView, ComplianceView } from '../../common/compliance-view';
import { defaultNotificationSettings } from '../../common/notification-kinds';
import type { Organization } from '../../common/organization';
import type { Task } from '../../common/task';
import type {
  AccountStatus,
  ConnectionView,
  PinnedTaskView,
  ProfileView,
  SettingsView,
} from '../../common/views';

/** Plain data shaped as main sends it: what the renderer sees through window.api. */

export const NOW = new Date('2026-03-10T12:00:00Z');

export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 'tski_abc123',
    title: 'Review the SOC 2 report',
    description: null,
    status: 'todo',
    priority: 'high',
    entityId: 'vnd_k2j3h4',
    entityType: 'vendor',
    assignee: null,
    createdBy: null,
    updatedBy: { id: 'mem_1', user: { id: 'usr_1', name: 'Maya Chen', email: 'maya@example.com' } },
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-10T11:55:00Z',
    warnings: [],
    ...overrides,
  };
}

export function view(
  overrides: Partial<PinnedTaskView> & { task?: Partial<Task> } = {},
): PinnedTaskView {
  const { task: t, ...rest } = overrides;
  const snapshot =
    rest.snapshot === undefined ? task({ id: rest.id ?? t?.id, ...t }) : rest.snapshot;
  return {
    id: snapshot?.id ?? rest.id ?? 'tski_abc123',
    ref: {},
    snapshot,
    pendingPatch: null,
    sync: 'idle',
    error: null,
    pinnedAt: '2026-03-01T10:00:00Z',
    ...rest,
  };
}

/** n distinct pinned tasks, alternating vendor and risk. */
export function views(n: number): PinnedTaskView[] {
  return Array.from({ length: n }, (_, i) =>
    view({
      task: {
        id: `tski_t${i}`,
        title: `Task number ${i}`,
        entityType: i % 2 ? 'risk' : 'vendor',
        status: 'todo',
      },
    }),
  );
}

export function org(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org_7kq2m9x4v1pz',
    name: 'Northwind Health',
    slug: 'northwind',
    logo: null,
    logoUrl: null,
    metadata: null,
    website: 'https://northwind-health.example',
    onboardingCompleted: true,
    hasAccess: true,
    deviceLabelId: null,
    isDeviceSetupCompleted: false,
    primaryColor: '#0f766e',
    createdAt: '2023-03-12T08:00:00Z',
    authType: 'api-key',
    warnings: [],
    ...overrides,
  };
}

export const profile = (overrides: Partial<ProfileView> = {}): ProfileView => ({
  id: 'prof_1',
  label: 'Northwind Health',
  baseUrl: 'https://api.example.com',
  authKind: 'api-key',
  organizationId: null,
  hasSecret: true,
  secretHint: 'comp_…9f3a',
  demo: false,
  ...overrides,
  // Main names a profile by its label unless two share one (main/accounts/profile-names.ts).
  name: overrides.name ?? overrides.label ?? 'Northwind Health',
});

export const connected = (
  overrides: Partial<ProfileView> = {},
  others: readonly ProfileView[] = [],
): AccountStatus => {
  const shown = profile(overrides);
  return { state: 'connected', profile: shown, problem: null, profiles: [shown, ...others] };
};

export const signedOut: AccountStatus = { state: 'signed-out', problem: null, profiles: [] };

export const online: ConnectionView = {
  state: 'online',
  cause: 'online',
  pendingChanges: 0,
  message: null,
};

export const settings = (overrides: Partial<SettingsView> = {}): SettingsView => ({
  theme: 'system',
  launchAtLogin: false,
  shortcut: 'CommandOrControl+Alt+Shift+T',
  newTaskShortcut: 'CommandOrControl+Alt+Shift+N',
  newTaskShortcutNotice: null,
  captureShortcut: 'CommandOrControl+Alt+Shift+E',
  captureShortcutNotice: null,
  version: '1.2.3',
  signInUrl: 'https://app.example.com/',
  serviceUrl: 'https://api.example.com',
  requestsPerMinute: 100,
  syncInterval: '2',
  notifications: defaultNotificationSettings(),
  shortcutNotice: null,
  ...overrides,
});

/** A compliance task as main's view carries it (tsk_…). */
export const complianceTask = (over: Partial<ComplianceTaskView> = {}): ComplianceTaskView => ({
  id: 'tsk_access',
  title: 'Access review',
  status: 'todo',
  reviewDate: null,
  frequency: 'quarterly',
  department: 'it',
  description: null,
  assigneeId: 'mem_maya',
  approverId: null,
  notRelevantJustification: null,
  webUrl: null,
  sync: 'idle',
  error: null,
  offer: [],
  ...over,
});

/** The popup's compliance view: none of the person's unless given. */
export const complianceView = (over: Partial<ComplianceView> = {}): ComplianceView => ({
  tasks: [],
  more: 0,
  others: 0,
  availability: 'ok',
  approvalEnabled: false,
  readAt: null,
  note: null,
  changes: [],
  pinned: [],
  pinnedUnread: [],
  ...over,
});
