import { useDemoBehindRelay } from '../helpers/demo-behind-relay';

/**
 * For an e2e describe block: the reference service (reads included) behind a
 * relay that can take it off the network, its first organization, and after
 * each test the relay back and the service's faults cleared. Call it after
 * useE2eSuite(): after-hooks run in reverse, so the network is back before
 * the suite's own clean-up.
 */
export function useRelayedDemo() {
  const demo = useDemoBehindRelay({ host: '127.0.0.1', port: 0, rateLimit: false });
  return {
    get server() {
      return demo.server;
    },
    get relay() {
      return demo.relay;
    },
    get orgId(): string {
      return demo.server.organizations[0]!.id;
    },
  };
}
