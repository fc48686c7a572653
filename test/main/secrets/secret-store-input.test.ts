import { describe, expect, it } from 'vitest';
import {
  createKeychainSecretStore,
  WINDOWS_MAX_SECRET_BYTES,
} from '../../../main/secrets/keychain-secret-store';
import { createMemorySecretStore } from '../../../main/secrets/memory-secret-store';
import type { SecretStore } from '../../../main/secrets/secret-store';
import type { Result } from '../../../common/result';

const kindOf = (r: Result<unknown>): string | null => (r.ok ? null : r.error.kind);
const messageOf = (r: Result<unknown>): string => (r.ok ? '' : r.error.message);

// Input is checked before the keychain is touched, so these run without one:
// a keychain store here would fail with keychain_unavailable if it got that far.
const stores: Array<[string, () => SecretStore]> = [
  ['memory', createMemorySecretStore],
  ['keychain', () => createKeychainSecretStore({ service: 'Task Tray input-check' })],
];

describe.each(stores)('the %s secret store refuses bad input', (_name, make) => {
  const secret = 'comp_0123456789abcdef';

  it.each([
    ['an empty account', ''],
    ['a blank account', '   '],
    ['an account with a NUL', 'a\0b'],
    ['an absurdly long account', 'p'.repeat(257)],
  ])('%s, on every call', async (_what, account) => {
    for (const r of [
      await make().set(account, secret),
      await make().get(account),
      await make().delete(account),
    ]) {
      expect(kindOf(r)).toBe('bad_input');
      expect(messageOf(r)).not.toContain(secret);
    }
  });

  it.each([
    ['empty', ''],
    ['blank', ' \t\n'],
    ['cut by a NUL', `${secret}\0tail`],
  ])('a key that is %s, without repeating it', async (_what, bad) => {
    const r = await make().set('profile-1', bad);
    expect(kindOf(r)).toBe('bad_input');
    expect(messageOf(r)).not.toContain(secret);
    expect(messageOf(r)).toMatch(/key/i);
  });
});

describe('the memory secret store (the demo profile’s key)', () => {
  it('sets, replaces, reads and deletes per account', async () => {
    const store = createMemorySecretStore();
    expect(await store.get('demo')).toEqual({ ok: true, value: null });
    expect(await store.set('demo', 'first')).toEqual({ ok: true, value: null });
    expect(await store.set('demo', 'second')).toEqual({ ok: true, value: null });
    expect(await store.set('other', 'theirs')).toEqual({ ok: true, value: null });
    expect(await store.get('demo')).toEqual({ ok: true, value: 'second' });
    expect(await store.delete('demo')).toEqual({ ok: true, value: true });
    expect(await store.delete('demo')).toEqual({ ok: true, value: false });
    expect(await store.get('demo')).toEqual({ ok: true, value: null });
    expect(await store.get('other')).toEqual({ ok: true, value: 'theirs' });
  });

  it('is private to its instance: a second store starts empty', async () => {
    const a = createMemorySecretStore();
    await a.set('demo', 'secret-value');
    expect(await createMemorySecretStore().get('demo')).toEqual({ ok: true, value: null });
  });

  it('keeps the previous key when a bad one is offered', async () => {
    const store = createMemorySecretStore();
    await store.set('demo', 'good-key');
    await store.set('demo', '');
    expect(await store.get('demo')).toEqual({ ok: true, value: 'good-key' });
  });
});

describe('the keychain store on Windows', () => {
  // Credential Manager holds at most 2560 bytes; a longer key is refused before the OS is asked.
  const store = createKeychainSecretStore({ service: 'Task Tray input-check', platform: 'win32' });

  it('refuses a key longer than Credential Manager can hold, counting UTF-8 bytes', async () => {
    const r = await store.set('profile-1', 'é'.repeat(WINDOWS_MAX_SECRET_BYTES / 2 + 1));
    expect(kindOf(r)).toBe('bad_input');
    expect(messageOf(r)).toContain('Windows Credential Manager');
  });
});

describe('a keychain library that cannot load (Linux without libsecret)', () => {
  const missing = () =>
    Promise.reject(
      new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'),
    );

  it('is reported as no keychain, with the fix, on every call, and nothing is kept', async () => {
    const store = createKeychainSecretStore({
      service: 'Task Tray load-check',
      platform: 'linux',
      loadKeytar: missing,
    });
    const secret = 'comp_0123456789abcdef0123456789';
    for (const r of [
      await store.set('profile_1', secret),
      await store.get('profile_1'),
      await store.delete('profile_1'),
    ]) {
      expect(kindOf(r)).toBe('keychain_unavailable');
      expect(messageOf(r)).toMatch(/gnome-keyring|KWallet/);
      expect(messageOf(r)).not.toContain(secret);
    }
  });
});
