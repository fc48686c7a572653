import type { AppCoreOptions } from '../../main/app/core';
import { createCoreHarness } from './app-core';
import type { CoreHarness } from './app-core';
import { removeTestService, uniqueTestService } from './keychain';
import type { KeychainGate } from './keychain';
import { useDemoBehindRelay } from './demo-behind-relay';
import { useTempDirs } from './temp-dir';

/** Retries an hour apart: only "Retry now" (retrySync) sends again, so a test says when. */
export const NO_RETRY_BY_ITSELF = { baseMs: 3_600_000, maxMs: 3_600_000 };

/**
 * For a describe block of main's tests against the reference service (the
 * interface's two operations only) behind a relay that can take it off the
 * network: the service, the relay, a keychain service of its own, and cores
 * started on fresh folders, all stopped after each test or at the end.
 */
export function useRelayedService(gate: KeychainGate, tempPrefix: string) {
  const tempDir = useTempDirs(tempPrefix);
  const service = uniqueTestService();
  const harnesses: CoreHarness[] = [];
  const demo = useDemoBehindRelay(
    { rateLimit: false, reads: false },
    {
      beforeStart: () => gate.assertAvailable(),
      afterEachTest: async () => {
        for (const h of harnesses.splice(0)) await h.core.dispose();
      },
      afterClose: () => removeTestService(service),
    },
  );

  return {
    get server() {
      return demo.server;
    },
    get relay() {
      return demo.relay;
    },
    /** The keychain service the cores keep their keys under. */
    service,
    tempDir,
    /** A core on `dir` (a fresh folder by default), started; disposed after the test. */
    async start(extra: Partial<AppCoreOptions> = {}, dir?: string): Promise<CoreHarness> {
      const h = createCoreHarness(dir ?? (await tempDir()), service, extra);
      harnesses.push(h);
      await h.core.start();
      return h;
    },
  };
}
