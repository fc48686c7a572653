import type { AuthContext } from './auth';
import type { DemoMember } from './model';
import type { DemoStore } from './store';

/**
 * Who a compliance task change is by. A session is its member; an API key
 * has no user, so the real service records the organization's oldest active
 * owner (getApiKeyActorUserId), and the review actions refuse it outright.
 */
export interface ComplianceActor {
  readonly userId: string;
  readonly member: DemoMember | undefined;
}

export const sessionMember = (store: DemoStore, context: AuthContext): DemoMember | undefined =>
  context.sessionUserId === undefined
    ? undefined
    : store.activeMembership(context.sessionUserId, context.organizationId);

export const changeActor = (
  store: DemoStore,
  context: AuthContext,
): ComplianceActor | undefined => {
  if (context.sessionUserId !== undefined)
    return { userId: context.sessionUserId, member: sessionMember(store, context) };
  const owner = store
    .membersOf(context.organizationId)
    .find((m) => m.role.split(',').includes('owner'));
  return owner ? { userId: owner.userId, member: owner } : undefined;
};

/** How the audit rows name a member: the user's name, else the email. */
export const memberName = (store: DemoStore, memberId: string | null): string | undefined => {
  const m = memberId === null ? undefined : store.member(memberId);
  const u = m ? store.user(m.userId) : undefined;
  return u ? u.name || u.email : undefined;
};
