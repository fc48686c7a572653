import type { Organization } from '../../common/organization';
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import type { AccountService } from '../accounts/account-service';
import type { ConnectionState } from './connection-state';

export interface OrganizationStateDeps {
  readonly accounts: Pick<AccountService, 'active'>;
  readonly connection: Pick<ConnectionState, 'setLastError' | 'emit'>;
  readonly onChanged: (org: Organization | null) => void;
}

/**
 * The shown account's organization, and each profile's as last read this
 * run: a switch shows it at once, then reads it again.
 */
export function createOrganizationState(deps: OrganizationStateDeps) {
  let organization: Organization | null = null;
  const known = new Map<string, Organization>();

  const set = (org: Organization | null): void => {
    organization = org;
    const shown = deps.accounts.active();
    if (org && shown) known.set(shown.profile.id, org);
    deps.onChanged(org);
  };

  return {
    current: (): Organization | null => organization,
    set,
    /** Another profile is shown (or none): what it was last served, until it is read again. */
    showKnown(profileId: string | null): void {
      set(profileId === null ? null : (known.get(profileId) ?? null));
    },
    forget(profileId: string): void {
      known.delete(profileId);
    },
    async refresh(): Promise<Result<Organization>> {
      const a = deps.accounts.active();
      if (!a) return err(appError('not_connected', 'Connect to the service first.'));
      const answer = await a.client.getOrganization();
      // Signed out or switched account while it was on its way: the answer is about someone else.
      if (deps.accounts.active()?.profile.id !== a.profile.id) {
        return err(
          appError('not_connected', 'The account changed while the organization was loading.'),
        );
      }
      deps.connection.setLastError(answer.ok ? null : answer.error);
      if (answer.ok) set(answer.value);
      deps.connection.emit();
      return answer;
    },
  };
}

export type OrganizationState = ReturnType<typeof createOrganizationState>;
