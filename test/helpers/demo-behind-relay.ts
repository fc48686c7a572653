import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer, DemoServerOptions } from '../../main/demo/server';
import { startTcpRelay } from './tcp-relay';
import type { TcpRelay } from './tcp-relay';

export interface DemoBehindRelayHooks {
  /** Runs before the service starts (a check that the suite can run at all). */
  readonly beforeStart?: () => void;
  /** Runs after each test, once the relay is back and the faults are cleared. */
  readonly afterEachTest?: () => Promise<void>;
  /** Runs at the end, once the relay and the service are closed. */
  readonly afterClose?: () => Promise<void>;
}

/**
 * For a describe block: the reference service behind a relay that can take
 * it off the network, started once; after each test the relay is back and
 * the service's faults are cleared, and both close at the end.
 */
export function useDemoBehindRelay(options: DemoServerOptions, hooks: DemoBehindRelayHooks = {}) {
  let server: DemoServer | undefined;
  let relay: TcpRelay | undefined;
  beforeAll(async () => {
    hooks.beforeStart?.();
    server = await startDemoServer(options);
    relay = await startTcpRelay(server.baseUrl);
  });
  afterEach(async () => {
    server?.faults.reset();
    await relay?.start();
    await hooks.afterEachTest?.();
  });
  afterAll(async () => {
    await relay?.close();
    await server?.close();
    await hooks.afterClose?.();
  });
  return {
    get server(): DemoServer {
      if (!server) throw new Error('The reference service starts in beforeAll.');
      return server;
    },
    get relay(): TcpRelay {
      if (!relay) throw new Error('The relay starts in beforeAll.');
      return relay;
    },
  };
}
