import { contract } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { TaskStatus } from '../../common/task';
import type { TaskUpdateOutcome } from '../../common/views';
import { barePut } from './bare-put';
import { createOutboxLayer } from './bulk-layers';
import { createIpcStandIn } from './ipc-stand-in';
import type { BenchService } from './bench-service';
import { signedInCore } from './main-side';
import { QUIET_MS, now, quiet, repeatInTurns, shortOfRuns, within } from './repeat';
import { judge, ratioToFloor } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';
import { formatFigure } from './table';

export const BULK_CHANGES = 200;
export const BULK_BUDGET: BudgetSpec = {
  rule: { kind: 'share-of-floor', min: 0.85 },
  why: 'every change must pass the durable outbox (redacted, written and fsynced before its request leaves) and main’s service client (timeout, bounded read, checked answer); those two layers alone, sending the same 200 changes in turns with the app in the same run, are the floor, and the share is what the app keeps of their pace with its pins, settings and events on top. The share of bare loopback PUTs is printed beside it, as information.',
};

/** Bulk runs are long: a couple of warm-up runs fill the connection pool and the JIT. */
const BULK_WARMUP = 2;
/** Three sides of ~0.3–0.5 s each, 22 turns: well within, on a busy machine too. */
const CAP_MS = 60_000;

/** The same changes as bare PUTs, `workers` at a time, as fast as the service answers. */
async function barePuts(
  service: BenchService,
  ids: readonly string[],
  status: TaskStatus,
  workers: number,
): Promise<void> {
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) await barePut(service, id, status);
    }),
  );
}

/**
 * Item 5: one status for 200 pinned tasks, asked for in one bulk request
 * (tasks:update-many, as the popup's bulk action does) with pacing off,
 * until main reports all 200 confirmed. Floor: the same 200 changes through
 * the outbox and the service client alone (bulk-layers.ts). Beside them, as
 * information, the same 200 PUTs made bare with as many in flight as the app
 * had (counted at main's fetch). The three take turns.
 */
export const bulk: Measurement = {
  item: 5,
  id: 'bulk',
  title: 'Bulk: 200 changes over 200 tasks',
  async run(ctx): Promise<BenchResult[]> {
    const service = await ctx.service();
    const ids = service.taskIds.slice(0, BULK_CHANGES);
    if (ids.length < BULK_CHANGES)
      throw new Error(`The service has fewer than ${BULK_CHANGES} tasks.`);
    const main = await signedInCore(service, BULK_CHANGES, { pacing: 'off' });
    const offIpc = main.harness.core.onEvent(createIpcStandIn());
    let concurrency = 0;
    // Main's count can include a read beside the 200 PUTs; a worker past one per PUT has nothing to do.
    const workers = () => Math.min(ids.length, Math.max(1, concurrency));
    // After any side's run every task holds one status; each run sets the next one, so every
    // run changes every task. The app's own last status is skipped: its pins still show it,
    // and a change to what it shows would be no change to the app.
    let appLast: TaskStatus | null = null;
    const next = (avoid: TaskStatus | null = null): TaskStatus => {
      const held = service.statusOf(ids[0] as string);
      const status = nextStatus(held);
      return status === avoid ? nextStatus(status) : status;
    };
    const plan = { warmup: BULK_WARMUP, runs: ctx.runs, capMs: CAP_MS };
    let samples: { app: number[]; outbox: number[]; bare: number[] };
    const layer = await createOutboxLayer(service);
    try {
      samples = await repeatInTurns(plan, {
        app: async () => {
          const status = next(appLast);
          appLast = status;
          main.resetInFlight();
          const t0 = now();
          const confirmed = main.confirmed(new Map(ids.map((id) => [id, status])));
          const answer = (await main.harness.core.dispatch(contract.updateTasks.channel, {
            taskIds: ids,
            patch: { status },
          })) as Result<TaskUpdateOutcome[]>;
          if (!answer.ok) throw new Error(`The bulk change was refused: ${answer.error.message}`);
          const refused = answer.value.find((o) => !o.result.ok);
          if (refused && !refused.result.ok)
            throw new Error(`${refused.taskId} was refused: ${refused.result.error.message}`);
          await within(60_000, 'Confirmation of all 200 changes', confirmed);
          const seconds = (now() - t0) / 1000;
          concurrency = Math.max(concurrency, main.maxInFlight());
          main.forget();
          await quiet();
          if (ids.some((id) => service.statusOf(id) !== status))
            throw new Error('The service does not hold every status the app confirmed.');
          return BULK_CHANGES / seconds;
        },
        outbox: async () => {
          const status = next();
          const t0 = now();
          await layer.send(ids, status);
          const changesPerSecond = BULK_CHANGES / ((now() - t0) / 1000);
          // Its removals from the file, after the clock as in the app's runs.
          await layer.settled();
          await quiet();
          if (ids.some((id) => service.statusOf(id) !== status))
            throw new Error('The service does not hold every status the outbox sent.');
          return changesPerSecond;
        },
        bare: async () => {
          const t0 = now();
          await barePuts(service, ids, next(), workers());
          const changesPerSecond = BULK_CHANGES / ((now() - t0) / 1000);
          await quiet();
          return changesPerSecond;
        },
      });
    } finally {
      offIpc();
      try {
        await layer.dispose();
      } finally {
        await main.dispose();
      }
    }
    const app = pairedFigure('app', 'changes/s', samples.app);
    const floor = pairedFigure('outbox + client', 'changes/s', samples.outbox);
    const bare = pairedFigure(`bare PUTs ×${workers()}`, 'changes/s', samples.bare);
    const shareOf = (f: typeof bare) => `${(ratioToFloor(app, f) * 100).toFixed(0)} %`;
    return [
      {
        item: 5,
        id: 'bulk',
        title: 'Bulk: 200 changes over 200 tasks',
        app,
        floor,
        budget: judge(BULK_BUDGET, app, floor, shortOfRuns(app.summary.runs, ctx.runs, plan.capMs)),
        notes: [
          `information, not budgeted: the app keeps ${shareOf(bare)} of bare loopback PUTs' pace (${formatFigure(bare)}), the outbox with the client ${(ratioToFloor(floor, bare) * 100).toFixed(0)} %`,
          `main had at most ${concurrency} requests in flight (counted at its fetch, reads included); the bare side used as many workers, one per PUT at most; the outbox layer sends as its pacing (off) lets it`,
          'app: one tasks:update-many of 200 tasks until a tasks:changed shows all 200 confirmed; pacing off (outbox.rate far above any limit)',
          `the three sides in turns, rotating which goes first; an untimed ${QUIET_MS} ms after each side's run: main's writes after its clock stops land in no side's`,
        ],
      },
    ];
  },
};
