import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppError } from '../../../common/result';
import type { Task, TaskStatus } from '../../../common/task';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { createLogger } from '../../../main/log/logger';
import { createOutbox } from '../../../main/outbox/outbox';
import type { Outbox } from '../../../main/outbox/outbox';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createServiceClient } from '../../../main/service/client';
import { createRequestPacer } from '../../../main/service/pacing';
import type { RateLimit } from '../../../main/service/pacing';
import { demoAuth } from '../../helpers/demo';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { useTempDirs } from '../../helpers/temp-dir';

export const PROFILE = 'profile_0123456789abcdef';

export interface Rig {
  readonly outbox: Outbox;
  readonly scheduler: Scheduler;
  readonly wire: ObservedFetch;
  readonly filePath: string;
  readonly landed: { taskId: string; task: Task; keepError: boolean }[];
  readonly refused: { taskId: string; error: AppError }[];
  /** Tasks made here that landed: their local id and the service's task. */
  readonly created: { localId: string; task: Task }[];
  readonly paused: AppError[];
  signedIn: boolean;
  /** Runs as each landing is recorded, before the entry leaves the outbox. */
  onLanded: ((taskId: string) => void) | null;
  /** Resolves when the outbox holds nothing for PROFILE. */
  empty(): Promise<void>;
}

/** A change of status for PROFILE, kept on disk unless `durable` is false (a demo change). */
export const change = (taskId: string, status: TaskStatus, durable = true) => ({
  profileId: PROFILE,
  taskId,
  patch: { status },
  durable,
});

/** The PUT requests on the wire, all or one task's. */
export const puts = (wire: ObservedFetch, id?: string) =>
  wire.requests.filter((r) => r.method === 'PUT' && (!id || r.url.endsWith(`/${id}`)));

/** Resolves when the next request leaves: changes made then find the first one on the wire. */
export const nextSend = (wire: ObservedFetch) =>
  new Promise<void>((resolve) => {
    wire.onSend = () => {
      wire.onSend = null;
      resolve();
    };
  });

/**
 * For a test file: the reference service over loopback for the whole file,
 * and outboxes on the real file sending to it, each disposed after its test.
 */
export function useOutboxRig() {
  const tempDir = useTempDirs('task-tray-outbox-');
  let server: DemoServer;
  let org: string;
  const rigs: Rig[] = [];

  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false });
    org = server.organizations[0]!.id;
  });
  afterEach(async () => {
    server.faults.reset();
    for (const r of rigs.splice(0)) await r.outbox.dispose();
  });
  afterAll(() => server.close());

  async function rig(
    opts: {
      dir?: string;
      rate?: RateLimit;
      baseMs?: number;
      key?: 'full' | 'noScope';
    } = {},
  ): Promise<Rig> {
    const dir = opts.dir ?? (await tempDir());
    const filePath = join(dir, 'outbox.json');
    const scheduler = createScheduler();
    const wire = observedFetch();
    const pacer = createRequestPacer(opts.rate ?? { limit: 1000, windowMs: 1000 }, scheduler);
    const client = createServiceClient({
      baseUrl: server.baseUrl,
      auth: demoAuth(server, opts.key ?? 'full'),
      fetch: wire.fetch,
      timeoutMs: 2000,
    });
    const listeners = new Set<() => void>();
    const r: Rig = {
      scheduler,
      wire,
      filePath,
      landed: [],
      refused: [],
      created: [],
      paused: [],
      signedIn: true,
      onLanded: null,
      outbox: undefined as unknown as Outbox,
      empty: () =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (r.outbox.pendingTasks(PROFILE) === 0) {
              listeners.delete(check);
              resolve();
            }
          };
          listeners.add(check);
          check();
        }),
    };
    const outbox = createOutbox({
      store: createOutboxFile({ filePath }),
      scheduler,
      pacer,
      clientFor: (p) => (p === PROFILE && r.signedIn ? client : null),
      onLanded: async (_p, taskId, task, keepError) => {
        r.landed.push({ taskId, task, keepError });
        r.onLanded?.(taskId);
      },
      onRefused: async (_p, taskId, error) => void r.refused.push({ taskId, error }),
      onCreated: async (_p, localId, task) => void r.created.push({ localId, task }),
      onAttempt: () => {},
      onPaused: (_p, e) => void r.paused.push(e),
      onChange: () => listeners.forEach((l) => l()),
      log: createLogger(
        () => {},
        () => [],
      ),
      backoff: { baseMs: opts.baseMs ?? 10, maxMs: (opts.baseMs ?? 10) * 4 },
    });
    (r as { outbox: Outbox }).outbox = outbox;
    await outbox.load();
    outbox.refresh();
    rigs.push(r);
    return r;
  }

  return {
    rig,
    tempDir,
    server: () => server,
    org: () => org,
    tasks: () => server.taskIds(org),
    statusOf: (id: string) => (server.getTask(org, id) as { status: string }).status,
  };
}
