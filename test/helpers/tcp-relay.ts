import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';

/**
 * A plain TCP relay on 127.0.0.1 in front of the reference service, so a
 * test can take "the service" off the network and bring it back on the same
 * address with the same data and keys: stopped, a connection is refused
 * (ECONNREFUSED), exactly as when a server is down. Bytes pass through
 * untouched; it knows nothing of HTTP.
 */
export interface TcpRelay {
  /** http://127.0.0.1:PORT — give this to the app as the service's base URL. */
  readonly baseUrl: string;
  readonly port: number;
  /** Refuse connections and cut the open ones, as a crashed or unplugged server would. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(targetUrl: string): Promise<TcpRelay> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((inbound) => {
        const outbound = connect(targetPort, target.hostname);
        for (const sock of [inbound, outbound]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          // A reset on one side closes the other; errors are expected when the relay stops.
          sock.on('error', () => {
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound);
        outbound.pipe(inbound);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        s.off('error', reject);
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get baseUrl() {
      return `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`;
    },
    get port() {
      return port;
    },
    stop,
    start: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
