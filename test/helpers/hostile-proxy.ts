import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a hostile route answers instead of the service: JSON (any value) or raw text. */
export type HostileAnswer = { readonly json: unknown } | { readonly raw: string };

/**
 * A hostile service on loopback: a node:http server in front of the
 * reference service that answers the routes `answer` takes (by method, path
 * and query) itself and passes every other request through as it came.
 * What the red-team ran: the same service, with a few answers made hostile.
 */
export async function startHostileProxy(
  upstream: string,
  answer: (method: string, url: URL) => HostileAnswer | null,
) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const own = answer(req.method ?? 'GET', url);
    if (own) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('json' in own ? JSON.stringify(own.json) : own.raw);
      return;
    }
    void pass(req, upstream).then(
      async (r) => {
        res.writeHead(r.status, { 'Content-Type': r.headers.get('content-type') ?? 'text/plain' });
        res.end(Buffer.from(await r.arrayBuffer()));
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function pass(req: IncomingMessage, upstream: string): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers))
    if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers.set(k, v);
  return fetch(`${upstream}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    redirect: 'manual',
  });
}
