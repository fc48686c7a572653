import { describe, expect, it } from 'vitest';
import { profileNames } from '../../../main/accounts/profile-names';
import type { ProfileView } from '../../../common/views';

const p = (
  id: string,
  label: string,
  authKind: ProfileView['authKind'] = 'api-key',
): ProfileView => ({
  id,
  label,
  name: label,
  baseUrl: 'https://api.example.com',
  authKind,
  organizationId: null,
  hasSecret: true,
  secretHint: null,
  demo: false,
});

describe('profileNames', () => {
  it('is the label when labels differ', () => {
    expect([...profileNames([p('a', 'Work'), p('b', 'Clinic')]).values()]).toEqual([
      'Work',
      'Clinic',
    ]);
  });

  it('adds how each signs in when two share a label', () => {
    expect([...profileNames([p('a', 'Acme'), p('b', 'acme ', 'session')]).values()]).toEqual([
      'Acme (API key)',
      'acme (web session)',
    ]);
  });

  it('adds the end of the id when two keys share a label', () => {
    const names = profileNames([p('profile_aaaa1111', 'Acme'), p('profile_bbbb2222', 'Acme')]);
    expect([...names.values()]).toEqual(['Acme (API key …1111)', 'Acme (API key …2222)']);
  });
});
