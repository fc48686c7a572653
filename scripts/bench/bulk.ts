import { contract } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { TaskStatus } from '../../common/task';
import type { TaskUpdateOutcome } from '../../common/views';
import { barePut } from './bare-put';
import { bulkLayers, layersNote } from './bulk-layers';
import { createIpcStandIn } from './ipc-stand-in';
import type { BenchService } from './bench-service';
import { signedInCore } from './main-side';
import { QUIET_MS, now, quiet, repeatPaired, shortOfRuns, within } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';

export const BULK_CHANGES = 200;
export const BULK_BUDGET: BudgetSpec = {
  rule: { kind: 'share-of-floor', min: 0.8 },
  why: 'the same 200 PUTs made bare, with as many in flight as main had, are as fast as this service and machine can take them: the share is what the app keeps of that, whatever the machine.',
};

/** Bulk runs are long: a couple of warm-up runs fill the connection pool and the JIT. */
const BULK_WARMUP = 2;
/** Item 5's runs take ~7 s here; with the layers' two caps, the bench's caps still add up to 5 minutes. */
const CAP_MS = 30_000;
/** Each layer's runs (bulk-layers.ts): unbudgeted, so kept short. */
const LAYER_CAP_MS = 10_000;

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
 * until main reports all 200 confirmed; beside the same 200 PUTs made bare
 * with as many in flight as the app had (counted at main's fetch).
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
    // One status for all, a different one each run: every run changes every task.
    let status: TaskStatus = nextStatus(service.statusOf(ids[0] as string));
    const plan = { warmup: BULK_WARMUP, runs: ctx.runs, capMs: CAP_MS };
    let samples: { app: number[]; floor: number[] };
    try {
      samples = await repeatPaired(
        plan,
        async () => {
          status = nextStatus(status);
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
        async () => {
          const t0 = now();
          // Two steps on: a value neither the app's last run nor its next one sets.
          await barePuts(service, ids, nextStatus(nextStatus(status)), workers());
          const changesPerSecond = BULK_CHANGES / ((now() - t0) / 1000);
          await quiet();
          return changesPerSecond;
        },
      );
    } finally {
      offIpc();
      await main.dispose();
    }
    const app = pairedFigure('app', 'changes/s', samples.app);
    const floor = pairedFigure(`bare PUTs ×${workers()}`, 'changes/s', samples.floor);
    // Not budgeted, and with the app gone: what the floor leaves room for, for whoever
    // weighs item 5's share. A failure is said in the notes, not made item 5's.
    const layerPlan = { warmup: BULK_WARMUP, runs: ctx.runs, capMs: LAYER_CAP_MS };
    const layers = await bulkLayers(service, ids, layerPlan, (s) =>
      barePuts(service, ids, s, workers()),
    ).then(
      (shares) => layersNote(shares, layerPlan),
      (e: unknown) => {
        ctx.progress(`5. the layers were not measured: ${String(e)}`);
        return `the layers were not measured: ${String(e)}`;
      },
    );
    return [
      {
        item: 5,
        id: 'bulk',
        title: 'Bulk: 200 changes over 200 tasks',
        app,
        floor,
        budget: judge(BULK_BUDGET, app, floor, shortOfRuns(app.summary.runs, ctx.runs, plan.capMs)),
        notes: [
          `main had at most ${concurrency} requests in flight (counted at its fetch, reads included); the bare side used as many workers, one per PUT at most`,
          'app: one tasks:update-many of 200 tasks until a tasks:changed shows all 200 confirmed; pacing off (outbox.rate far above any limit)',
          `an untimed ${QUIET_MS} ms after each side's run: main's writes after its clock stops land in neither side's`,
          layers,
        ],
      },
    ];
  },
};
