import { describe, expect, it } from 'vitest';
import { identityOf, newFingerprintKey, profileIdFor } from '../../../main/accounts/profile-id';
import { findSecretRun } from '../../helpers/secret-runs';

const BASE = 'https://api.trycomp.ai';
const ORG = 'org_7kq2m9x4v1pz';
const KEY_A = 'comp_a1b2c3d4e5f60718293a4b5c6d7e8f90';
const KEY_B = 'comp_ffeeddccbbaa00998877665544332211';

describe('a profile is one identity at one organization (docs/ARCHITECTURE.md, invariant 7)', () => {
  const fk = newFingerprintKey();
  const id = (secret: string, user: string | null = null, key = fk) =>
    profileIdFor(BASE, ORG, user ? 'session' : 'api-key', identityOf(secret, key, user));

  it('two keys to the same organization are two profiles; the same key is the same one', () => {
    expect(id(KEY_A)).not.toBe(id(KEY_B));
    expect(id(KEY_A)).toBe(id(` ${KEY_A} `));
  });

  it("a web session is its user's: signing in again (a new token) finds the same profile", () => {
    expect(id('token-one', 'usr_m2c8a1yq4w')).toBe(id('token-two', 'usr_m2c8a1yq4w'));
    expect(id('token-one', 'usr_m2c8a1yq4w')).not.toBe(id('token-one', 'usr_other'));
  });

  it('names a key without revealing it: no run of it, and another installation names it otherwise', () => {
    const identity = identityOf(KEY_A, fk, null);
    expect(findSecretRun(identity + id(KEY_A), [KEY_A])).toBeNull();
    expect(identityOf(KEY_A, newFingerprintKey(), null)).not.toBe(identity);
  });
});
