import type {
  DemoApiKey,
  DemoData,
  DemoEntity,
  DemoMember,
  DemoOrganization,
  DemoSessionRecord,
  DemoTask,
  DemoUser,
} from './model';
import type { ComplianceStore } from './compliance-store';
import { createComplianceStore } from './compliance-store';

/** In-memory lookups over the sample data; the only place tasks change. */
export interface DemoStore {
  organization(id: string): DemoOrganization | undefined;
  organizations(): readonly DemoOrganization[];
  user(id: string): DemoUser | undefined;
  member(id: string): DemoMember | undefined;
  /** The active membership of a user in an organization. */
  activeMembership(userId: string, organizationId: string): DemoMember | undefined;
  apiKey(key: string): DemoApiKey | undefined;
  session(token: string): DemoSessionRecord | undefined;
  /** A task only when it belongs to that organization: other ids look absent. */
  task(organizationId: string, taskId: string): DemoTask | undefined;
  tasksOf(organizationId: string): readonly DemoTask[];
  /** An organization's vendors or risks, in the order they were made. */
  entitiesOf(organizationId: string, type: DemoEntity['type']): readonly DemoEntity[];
  /** An organization's active members. */
  membersOf(organizationId: string): readonly DemoMember[];
  /** Adds a task item (a create). */
  insertTask(task: DemoTask): void;
  /** Removes a task item of that organization (a delete); what was removed, if any. */
  removeTask(organizationId: string, taskId: string): DemoTask | undefined;
  /** Compliance tasks (`tsk_…`): compliance-store.ts. */
  readonly compliance: ComplianceStore;
}

export const createStore = (data: DemoData): DemoStore => {
  const byId = <T extends { id: string }>(list: readonly T[]): Map<string, T> =>
    new Map(list.map((x) => [x.id, x]));
  const orgs = byId(data.organizations);
  const users = byId(data.users);
  const members = byId(data.members);
  const keys = new Map(data.apiKeys.map((k) => [k.key, k]));
  const sessions = new Map(data.sessions.map((s) => [s.token, s]));

  return {
    organization: (id) => orgs.get(id),
    organizations: () => data.organizations,
    user: (id) => users.get(id),
    member: (id) => members.get(id),
    activeMembership: (userId, organizationId) =>
      data.members.find(
        (m) => m.userId === userId && m.organizationId === organizationId && !m.deactivated,
      ),
    apiKey: (key) => keys.get(key),
    session: (token) => sessions.get(token),
    task: (organizationId, taskId) =>
      data.tasks.find((t) => t.id === taskId && t.organizationId === organizationId),
    tasksOf: (organizationId) => data.tasks.filter((t) => t.organizationId === organizationId),
    entitiesOf: (organizationId, type) =>
      data.entities.filter((e) => e.organizationId === organizationId && e.type === type),
    membersOf: (organizationId) =>
      data.members.filter((m) => m.organizationId === organizationId && !m.deactivated),
    insertTask: (task) => {
      data.tasks.push(task);
    },
    removeTask: (organizationId, taskId) => {
      const at = data.tasks.findIndex(
        (t) => t.id === taskId && t.organizationId === organizationId,
      );
      return at < 0 ? undefined : data.tasks.splice(at, 1)[0];
    },
    compliance: createComplianceStore(data.compliance),
  };
};
