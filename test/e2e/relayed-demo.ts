import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { startTcpRelay } from '../helpers/tcp-relay';
import type { TcpRelay } from '../helpers/tcp-relay';

/**
 * For an e2e describe block: the reference service (reads included) behind a
 * relay that can take it off the network, its first organization, and after
 * each test the relay back and the service's faults cleared. Call it after
 * useE2eSuite(): after-hooks run in reverse, so the network is back before
 * the suite's own clean-up.
 */
export function useRelayedDemo() {
  let server: DemoServer | undefined;
  let relay: TcpRelay | undefined;
  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    relay = await startTcpRelay(server.baseUrl);
  });
  afterEach(async () => {
    server?.faults.reset();
    await relay?.start();
  });
  afterAll(async () => {
    await relay?.close();
    await server?.close();
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
    get orgId(): string {
      return this.server.organizations[0]!.id;
    },
  };
}
