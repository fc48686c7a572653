import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DemoServer, DemoServerOptions } from '../../main/demo/server';
import { startDemoServer } from '../../main/demo/server';
import type { ServiceAuth, ServiceClient } from '../../main/service/client';
import { createServiceClient } from '../../main/service/client';

/**
 * One reference service per test file, over real loopback HTTP.
 *
 *   const demo = withDemoServer();
 *   it('…', async () => { const r = await demoClient(demo.server).getOrganization(); });
 *
 * Pacing is off unless asked for (`withDemoServer({ rateLimit: { limit: 2, windowMs: 60_000 } })`),
 * so a long file is not throttled by its own earlier tests. Faults are reset
 * after each test; task changes persist for the file, so tests that need
 * pristine data use their own task or `startDemoServer()` directly.
 */
export interface DemoHandle {
  readonly server: DemoServer;
}

export const withDemoServer = (options: DemoServerOptions = { rateLimit: false }): DemoHandle => {
  let server: DemoServer | undefined;
  beforeAll(async () => {
    server = await startDemoServer(options);
  });
  afterEach(() => server?.faults.reset());
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server(): DemoServer {
      if (!server)
        throw new Error('The demo server starts in beforeAll: use it inside tests or hooks.');
      return server;
    },
  };
};

/** Which of the demo's credentials to use. */
export type DemoCredential =
  'full' | 'noScope' | 'otherOrg' | 'colleague' | 'appRead' | 'noEvidence' | 'session';

export const demoAuth = (server: DemoServer, credential: DemoCredential = 'full'): ServiceAuth =>
  credential === 'session'
    ? {
        kind: 'session',
        cookie: server.session.cookie,
        organizationId: server.session.organizationId,
      }
    : { kind: 'api-key', apiKey: server.keys[credential] };

/** A real client (Node's fetch) for the demo server. */
export const demoClient = (
  server: DemoServer,
  credential: DemoCredential = 'full',
  options: {
    timeoutMs?: number;
    fetch?: typeof fetch;
    baseUrl?: string;
    conditional?: boolean;
  } = {},
): ServiceClient =>
  createServiceClient({
    baseUrl: options.baseUrl ?? server.baseUrl,
    auth: demoAuth(server, credential),
    fetch: options.fetch ?? fetch,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.conditional !== undefined ? { conditional: options.conditional } : {}),
  });

/**
 * Connects as against a service whose task list cannot tell (the interface's
 * own service has no list route): the connect-time scope check gets a 404, so
 * a key without the task scopes is kept, and its refusal shows on the first
 * change instead. How tests reach the refusals a key meets after connecting.
 */
export async function withoutScopeCheck<T>(
  server: DemoServer,
  connect: () => Promise<T>,
): Promise<T> {
  const before = server.faults.onlyFor;
  server.faults.onlyFor = /^GET \/v1\/task-management$/;
  server.faults.failNext(404, 1);
  try {
    return await connect();
  } finally {
    server.faults.onlyFor = before;
  }
}
