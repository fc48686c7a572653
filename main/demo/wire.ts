import type { DemoOrganization, DemoTask } from './model';
import type { DemoStore } from './store';

/** The records as the real service puts them on the wire. */

export type AuthType = 'api-key' | 'session';

export const organizationToWire = (
  org: DemoOrganization,
  authType: AuthType,
): Record<string, unknown> => {
  // The deployed service says fleetDmLabelId / isFleetSetupCompleted; the seed
  // interface uses neutral names. Each organization answers in one dialect.
  const device =
    org.deviceFieldNames === 'wire'
      ? { fleetDmLabelId: org.deviceLabelId, isFleetSetupCompleted: org.isDeviceSetupCompleted }
      : { deviceLabelId: org.deviceLabelId, isDeviceSetupCompleted: org.isDeviceSetupCompleted };
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logo: org.logo,
    ...(org.logoUrl !== null ? { logoUrl: org.logoUrl } : {}),
    metadata: org.metadata,
    website: org.website,
    onboardingCompleted: org.onboardingCompleted,
    hasAccess: org.hasAccess,
    ...device,
    primaryColor: org.primaryColor,
    createdAt: org.createdAt,
    ...org.extra,
    authType,
  };
};

const memberToWire = (store: DemoStore, memberId: string | null): unknown => {
  if (memberId === null) return null;
  const member = store.member(memberId);
  if (!member) return null;
  const user = store.user(member.userId);
  return {
    id: member.id,
    user: user ? { id: user.id, name: user.name, email: user.email, image: user.image } : null,
  };
};

export const taskToWire = (store: DemoStore, task: DemoTask): Record<string, unknown> => ({
  id: task.id,
  title: task.title,
  description: task.description,
  status: task.status,
  priority: task.priority,
  entityId: task.entityId,
  entityType: task.entityType,
  assignee: memberToWire(store, task.assigneeId),
  createdBy: memberToWire(store, task.createdById),
  updatedBy: memberToWire(store, task.updatedById),
  createdAt: task.createdAt,
  updatedAt: task.updatedAt,
});
