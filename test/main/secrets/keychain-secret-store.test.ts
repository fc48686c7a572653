import { randomBytes } from 'node:crypto';
import * as keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainSecretStore } from '../../../main/secrets/keychain-secret-store';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';

const gate = await keychainGate();

const apiKey = (): string => `comp_${randomBytes(32).toString('hex')}`;

describe.skipIf(gate.skip)('the keychain secret store, on the real OS keychain', () => {
  const service = uniqueTestService();
  const otherService = uniqueTestService();
  const store = createKeychainSecretStore({ service });

  beforeAll(() => gate.assertAvailable());
  afterAll(async () => {
    await removeTestService(service);
    await removeTestService(otherService);
  });

  it('stores a key in the keychain itself, where a fresh store finds it', async () => {
    const key = apiKey();
    expect(await store.set('profile-set', key)).toEqual({ ok: true, value: null });
    // Another instance (as after a restart) and keytar itself both see it: it is in the OS, not in memory.
    expect(await createKeychainSecretStore({ service }).get('profile-set')).toEqual({
      ok: true,
      value: key,
    });
    expect(await keytar.getPassword(service, 'profile-set')).toBe(key);
  });

  it('answers null for an account that has no key', async () => {
    expect(await store.get('profile-never-set')).toEqual({ ok: true, value: null });
  });

  it('replaces a key, keeping a single entry for the account', async () => {
    const first = apiKey();
    const second = apiKey();
    await store.set('profile-replace', first);
    expect(await store.set('profile-replace', second)).toEqual({ ok: true, value: null });
    expect(await store.get('profile-replace')).toEqual({ ok: true, value: second });
    const entries = (await keytar.findCredentials(service)).filter(
      (c) => c.account === 'profile-replace',
    );
    expect(entries).toEqual([{ account: 'profile-replace', password: second }]);
  });

  it('deletes a key: true the first time, false when there was none', async () => {
    await store.set('profile-delete', apiKey());
    expect(await store.delete('profile-delete')).toEqual({ ok: true, value: true });
    expect(await store.get('profile-delete')).toEqual({ ok: true, value: null });
    expect(await keytar.getPassword(service, 'profile-delete')).toBeNull();
    expect(await store.delete('profile-delete')).toEqual({ ok: true, value: false });
  });

  it.each([
    ['non-Latin scripts and emoji', 'ключ-鍵-مفتاح-🔑-ñ-e\u0301'],
    ['a 4 KB key', randomBytes(2048).toString('hex')],
    ['a 4 KB key of multi-byte characters', 'é🔑'.repeat(1366)],
    ['a session cookie with punctuation', 'abc.DEF_123-xyz%3D%3D; Path=/; "quoted" \\ back'],
  ])('keeps %s exactly', async (_name, secret) => {
    expect(await store.set('profile-unicode', secret)).toEqual({ ok: true, value: null });
    expect(await store.get('profile-unicode')).toEqual({ ok: true, value: secret });
  });

  it('keeps accounts apart: each profile reads and deletes only its own key', async () => {
    const a = apiKey();
    const b = apiKey();
    await store.set('profile-a', a);
    await store.set('profile-b', b);
    expect(await store.get('profile-a')).toEqual({ ok: true, value: a });
    expect(await store.get('profile-b')).toEqual({ ok: true, value: b });
    await store.delete('profile-a');
    expect(await store.get('profile-a')).toEqual({ ok: true, value: null });
    expect(await store.get('profile-b')).toEqual({ ok: true, value: b });
  });

  it('keeps service names apart', async () => {
    const mine = apiKey();
    await store.set('profile-shared-name', mine);
    const other = createKeychainSecretStore({ service: otherService });
    expect(await other.get('profile-shared-name')).toEqual({ ok: true, value: null });
    await other.set('profile-shared-name', apiKey());
    expect(await store.get('profile-shared-name')).toEqual({ ok: true, value: mine });
  });

  it('refuses an empty key and keeps the one already stored', async () => {
    const key = apiKey();
    await store.set('profile-keep', key);
    for (const bad of ['', '   ', 'abc\0def']) {
      const r = await store.set('profile-keep', bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('bad_input');
    }
    expect(await store.get('profile-keep')).toEqual({ ok: true, value: key });
  });
});
