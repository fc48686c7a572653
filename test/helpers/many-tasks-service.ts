import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaults } from '../../main/demo/faults';
import type { DemoFaults } from '../../main/demo/faults';
import type { DemoTask } from '../../main/demo/model';
import { createPacer } from '../../main/demo/pacing';
import type { RateLimit } from '../../main/demo/pacing';
import { errorResponse } from '../../main/demo/responses';
import type { DemoResponse } from '../../main/demo/responses';
import { handleRequest } from '../../main/demo/router';
import { createSampleData, ORG_NORTHWIND } from '../../main/demo/sample-data';
import { createStore } from '../../main/demo/store';

/**
 * The reference service with as many tasks as a test needs. startDemoServer
 * serves its eight sample tasks and takes no others, so this file owns the
 * socket around the same parts — main/demo's router (auth, validation, origin
 * check, pacing, the update logic), store, sample data, faults and pacer —
 * and adds `taskCount` tasks to Northwind Health. Request handling follows
 * server.ts step for step: faults in arrival order, latency, drops.
 */
export interface ManyTasksService {
  readonly baseUrl: string;
  /** A key with the task scopes for Northwind Health. */
  readonly apiKey: string;
  readonly organizationId: string;
  readonly taskIds: readonly string[];
  readonly faults: DemoFaults;
  statusOf(taskId: string): string | undefined;
  close(): Promise<void>;
}

const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;

const extraTasks = (count: number): DemoTask[] =>
  Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString();
    return {
      id: `tski_soak${String(i + 1).padStart(3, '0')}`,
      organizationId: ORG_NORTHWIND,
      title: `Collect evidence for control ${i + 1}`,
      description: null,
      status: STATUSES[i % STATUSES.length] as string,
      priority: 'medium',
      entityId: 'vnd_c8r2k6m0qt',
      entityType: 'vendor',
      assigneeId: null,
      createdById: 'mem_n1maya7q2c',
      updatedById: null,
      createdAt: at,
      updatedAt: at,
    };
  });

type Body = { kind: 'ok'; text: string } | { kind: 'aborted' };

const readBody = (req: IncomingMessage): Promise<Body> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });

export async function startManyTasksService(opts: {
  taskCount: number;
  rateLimit: RateLimit | false;
}): Promise<ManyTasksService> {
  const data = createSampleData();
  const mine = extraTasks(opts.taskCount);
  data.tasks.push(...mine);
  const store = createStore(data);
  const faults = createFaults();
  const pacer = opts.rateLimit === false ? null : createPacer(opts.rateLimit);
  const key = data.apiKeys.find(
    (k) => k.organizationId === ORG_NORTHWIND && k.scopes.includes('task:update'),
  );
  if (!key) throw new Error('The sample data has no key that may update tasks.');
  const trustedOrigins = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, ms);
          timers.add(t);
        });

  const send = (res: ServerResponse, r: DemoResponse) => {
    if (res.destroyed || res.writableEnded) return;
    const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    res.writeHead(r.status, {
      'Content-Type':
        typeof r.body === 'string'
          ? 'text/plain; charset=utf-8'
          : 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      ...r.headers,
    });
    res.end(text);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const fault = faults.take();
    const body = await readBody(req);
    if (body.kind === 'aborted') return;
    await wait(faults.latencyMs);
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    let response: DemoResponse;
    if (fault?.kind === 'fail') response = fault.response;
    else {
      try {
        response = handleRequest(
          {
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
            bodyText: body.text,
            client: req.socket.remoteAddress ?? 'unknown',
          },
          { store, pacer, trustedOrigins, basePath: '', now: () => new Date() },
        );
      } catch {
        response = errorResponse(500, 'Internal server error');
      }
    }
    send(res, response);
  };

  const server = createServer((req, res) => void onRequest(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  trustedOrigins.add(baseUrl);

  return {
    baseUrl,
    apiKey: key.key,
    organizationId: ORG_NORTHWIND,
    taskIds: mine.map((t) => t.id),
    faults,
    statusOf: (taskId) => store.task(ORG_NORTHWIND, taskId)?.status,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
