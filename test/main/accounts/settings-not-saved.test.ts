import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../common/result';
import { createAccountService } from '../../../main/accounts/account-service';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createKeychainSecretStore } from '../../../main/secrets';
import { createSettingsStore } from '../../../main/settings/settings-store';
import type { SettingsStore } from '../../../main/settings/settings-store';
import { whileFileHeld } from '../../helpers/held-file';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

describe.skipIf(gate.skip)('a connect whose settings cannot be saved', () => {
  const tempDir = useTempDirs('task-tray-accounts-');
  const service = uniqueTestService();
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  /**
   * The account service of one start of the app, its settings in `filePath`,
   * signing in to the demo server. `beforeSave` runs before each settings
   * write is handed to the store: a test holds one there.
   */
  const start = async (filePath: string, beforeSave: () => Promise<void> = async () => {}) => {
    const store = createSettingsStore({ filePath });
    const loaded = await store.load();
    // The service address in use is the default one, the hosted service's: here, the demo server.
    const settings: SettingsStore = {
      ...store,
      get: () => ({ ...store.get(), serviceUrl: server.baseUrl }),
      update: async (change) => {
        await beforeSave();
        return store.update(change);
      },
    };
    const accounts = createAccountService({
      settings,
      secrets: createKeychainSecretStore({ service }),
      fetch: globalThis.fetch,
      timeoutMs: 2_000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      startDemoService: () => Promise.reject(new Error('No demo here.')),
      signInWithBrowser: async () =>
        ok({ cookie: server.session.cookie, organizationId: server.session.organizationId }),
    });
    await accounts.restore();
    return { loaded, accounts };
  };

  it('leaves the keychain entry the unreadable settings still name as it was', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    const first = await start(filePath);
    unwrap(await first.accounts.signInWithSession());
    const saved = await keytar.findCredentials(service);
    expect(saved).toHaveLength(1);

    // The next start finds settings.json held by another program, and the person signs in again.
    await whileFileHeld(filePath, async () => {
      const held = await start(filePath);
      expect(held.loaded.problem?.message).toMatch(/left it as it is/);
      // Same person, same organization: the same account as the one in the file.
      expect(failure(await held.accounts.signInWithSession()).message).toMatch(
        /^Settings not saved: /,
      );
    });
    expect(await keytar.findCredentials(service)).toEqual(saved);

    // Once the file can be read, the account is back, signed in with what the keychain kept.
    const third = await start(filePath);
    expect(third.loaded.problem).toBeNull();
    expect(third.accounts.active()?.profile.id).toBe(saved[0]?.account);
    expect(third.accounts.active()?.profile.hasSecret).toBe(true);
  });

  it('removing an account while it connects again leaves no key without its account', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    let hold: { reached: () => void; until: Promise<void> } | null = null;
    const { accounts } = await start(filePath, () => {
      const held = hold;
      hold = null;
      if (!held) return Promise.resolve();
      held.reached();
      return held.until;
    });
    unwrap(await accounts.signInWithSession());
    const id = accounts.active()?.profile.id ?? '';
    expect(id).not.toBe('');

    // The same person signs in again: held once their key is in the keychain, before their
    // profile is saved. Meanwhile they remove the account from the settings still open.
    let release = (): void => {};
    const reached = new Promise<void>((reachedSave) => {
      hold = { reached: reachedSave, until: new Promise<void>((go) => (release = go)) };
    });
    const connecting = accounts.signInWithSession();
    await reached;
    const removing = accounts.remove(id);
    release();
    unwrap(await removing);
    unwrap(await connecting);

    // One after the other, whichever first: the account and its key are gone together, or
    // both there. Here the removal was asked for last.
    const listed = accounts.status().profiles.some((p) => p.id === id);
    const onNextStart = (await start(filePath)).accounts.status().profiles.some((p) => p.id === id);
    const inKeychain = (await keytar.findCredentials(service)).some((c) => c.account === id);
    expect({ listed, onNextStart, inKeychain }).toEqual({
      listed: false,
      onNextStart: false,
      inKeychain: false,
    });
  });
});
