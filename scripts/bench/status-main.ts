import type { Result } from '../../common/result';
import { barePut } from './bare-put';
import { createIpcStandIn } from './ipc-stand-in';
import { signedInCore } from './main-side';
import { createOutboxLayer } from './bulk-layers';
import { now, repeatInTurns, shortOfRuns, within } from './repeat';
import { judge, ratioToFloor } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';
import { formatFigure } from './table';

export const OVERHEAD_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 2.5 },
  why: 'every change must pass the durable outbox (written and fsynced before its request leaves) and main’s service client: one change through those two layers alone, timed in turns with the app, is the floor, and the ratio is what main adds (input check, pins, parse, settings write, the event that shows it). A bare fetch PUT is printed beside it, as information.',
};
/**
 * Between runs: what main does after a change is confirmed (bookkeeping
 * writes) is over, so each run measures one change from an idle app, as a
 * person's clicks are, not a change queued behind the last one.
 */
const SETTLE_MS = 50;
const CAP_MS = 20_000;

/**
 * Item 3: one status change through the whole main-process path, from the
 * IPC message to the event that tells the popup it is confirmed, against the
 * same change through the outbox and the service client alone; a bare PUT
 * beside them.
 */
export const statusMain: Measurement = {
  item: 3,
  id: 'status-main',
  title: 'Status change, main side',
  async run(ctx): Promise<BenchResult[]> {
    const service = await ctx.service();
    const [pinned, other] = service.taskIds;
    if (!pinned || !other) throw new Error('The service has fewer than two tasks.');
    const main = await signedInCore(service, 1);
    const offIpc = main.harness.core.onEvent(createIpcStandIn());
    const layer = await createOutboxLayer(service);
    try {
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatInTurns(plan, {
        app: async () => {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const status = nextStatus(service.statusOf(pinned));
          const t0 = now();
          const confirmed = main.confirmed(new Map([[pinned, status]]));
          const answer = (await main.update(pinned, status)) as Result<unknown>;
          if (!answer.ok) throw new Error(`The update was refused: ${answer.error.message}`);
          await within(5_000, 'The confirmation event', confirmed);
          const ms = now() - t0;
          if (service.statusOf(pinned) !== status)
            throw new Error('The service does not hold the status the app confirmed.');
          main.forget();
          return ms;
        },
        outbox: async () => {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const status = nextStatus(service.statusOf(other));
          const t0 = now();
          await layer.send([other], status);
          const ms = now() - t0;
          await layer.settled();
          return ms;
        },
        bare: async () => {
          const status = nextStatus(service.statusOf(other));
          const t0 = now();
          await barePut(service, other, status);
          return now() - t0;
        },
      });
      const app = pairedFigure('core.dispatch', 'ms', samples.app);
      const floor = pairedFigure('outbox + client', 'ms', samples.outbox);
      const bare = pairedFigure('bare fetch PUT', 'ms', samples.bare);
      return [
        {
          item: 3,
          id: 'status-main',
          title: 'Status change, main side',
          app,
          floor,
          budget: judge(
            OVERHEAD_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, ctx.runs, plan.capMs),
          ),
          notes: [
            'app: dispatch(tasks:update) → input check → task service → HTTP PUT → parse → settings written → tasks:changed showing it confirmed; events encoded, then serialised as webContents.send does on main (v8.serialize)',
            `information, not budgeted: a bare fetch PUT took ${formatFigure(bare)}, the app ${ratioToFloor(app, bare).toFixed(2)}× that`,
            `app, outbox layer and bare PUT in turns, rotating which goes first; ${SETTLE_MS} ms of quiet before each app and outbox run`,
          ],
        },
      ];
    } finally {
      offIpc();
      await layer.dispose();
      await main.dispose();
    }
  },
};
