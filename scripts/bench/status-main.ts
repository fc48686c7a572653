import type { Result } from '../../common/result';
import { barePut } from './bare-put';
import { createIpcStandIn } from './ipc-stand-in';
import { signedInCore } from './main-side';
import { now, repeatPaired, shortOfRuns, within } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';

export const OVERHEAD_BUDGET: BudgetSpec = {
  rule: { kind: 'over-floor', max: 5 },
  why: 'a bare fetch PUT to the same service is the change with nothing of the app around it: the difference is main’s own part (input check, task service, parse, settings write, the event that shows it).',
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
 * IPC message to the event that tells the popup it is confirmed, beside a bare
 * PUT of the same change to the same service.
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
    try {
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        async () => {
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
        async () => {
          const status = nextStatus(service.statusOf(other));
          const t0 = now();
          await barePut(service, other, status);
          return now() - t0;
        },
      );
      const app = pairedFigure('core.dispatch', 'ms', samples.app);
      const floor = pairedFigure('bare fetch PUT', 'ms', samples.floor);
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
            `runs alternate app/bare and swap order each run; ${SETTLE_MS} ms of quiet before each app run`,
          ],
        },
      ];
    } finally {
      offIpc();
      await main.dispose();
    }
  },
};
