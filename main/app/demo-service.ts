import type { DemoService } from '../accounts/sign-in';
import { startDemoServer } from '../demo/server';
import type { DemoServer } from '../demo/server';

/**
 * "Try the demo": the reference service on 127.0.0.1 with a random port,
 * signed in as its first organization. Its key is the demo's own and never
 * leaves memory.
 */
export async function startDemoService(
  onStarted?: (server: DemoServer) => void,
): Promise<DemoService> {
  const server = await startDemoServer({ host: '127.0.0.1', port: 0 });
  onStarted?.(server);
  const org = server.organizations[0];
  if (!org) {
    await server.close();
    throw new Error('The demo has no organization.');
  }
  return {
    baseUrl: server.baseUrl,
    apiKey: server.keys.full,
    tasks: server.wireTasks(org.id),
    close: () => server.close(),
  };
}
