import { afterAll, beforeAll } from 'vitest';
import { ok } from '../../common/result';
import { createAccountService } from '../../main/accounts/account-service';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { createKeychainSecretStore } from '../../main/secrets';
import { createSettingsStore } from '../../main/settings/settings-store';
import type { SettingsStore } from '../../main/settings/settings-store';
import { removeTestService, uniqueTestService } from './keychain';
import type { KeychainGate } from './keychain';
import { useTempDirs } from './temp-dir';

export interface AccountServiceStart {
  /** Where the settings are kept. */
  readonly filePath: string;
  /** The demo server the accounts sign in to: the service address in use, and its session. */
  readonly server: DemoServer;
  /** The keychain service the keys go under (uniqueTestService()). */
  readonly service: string;
  /** Runs before each settings write reaches the store: a test holds one there. */
  readonly beforeSave?: () => Promise<void>;
}

/**
 * The account service of one start of the app, with the real settings store
 * and the real keychain, restored as at start.
 */
export async function startAccountService(opts: AccountServiceStart) {
  const { server, beforeSave } = opts;
  const store = createSettingsStore({ filePath: opts.filePath });
  const loaded = await store.load();
  // The service address in use is the default one, the hosted service's: here, the demo server.
  const settings: SettingsStore = {
    ...store,
    get: () => ({ ...store.get(), serviceUrl: server.baseUrl }),
    update: async (change) => {
      await beforeSave?.();
      return store.update(change);
    },
  };
  const accounts = createAccountService({
    settings,
    secrets: createKeychainSecretStore({ service: opts.service }),
    fetch: globalThis.fetch,
    timeoutMs: 2_000,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    startDemoService: () => Promise.reject(new Error('No demo here.')),
    signInWithBrowser: async () =>
      ok({ cookie: server.session.cookie, organizationId: server.session.organizationId }),
  });
  await accounts.restore();
  return { loaded, accounts };
}

/**
 * For a describe block of account service tests: a demo server and a
 * keychain service name of its own (its entries removed after), temp
 * folders, and start(), which starts the account service on them.
 */
export function useAccountServiceStarts(gate: KeychainGate) {
  const tempDir = useTempDirs('task-tray-accounts-');
  const service = uniqueTestService();
  let server: DemoServer | null = null;
  const running = (): DemoServer => {
    if (!server) throw new Error('The demo server starts in beforeAll.');
    return server;
  };
  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestService(service);
  });
  return {
    tempDir,
    service,
    server: running,
    start: (filePath: string, beforeSave?: () => Promise<void>) =>
      startAccountService({
        filePath,
        server: running(),
        service,
        ...(beforeSave ? { beforeSave } : {}),
      }),
  };
}
