import type { BenchPage } from './page';
import { floorLoad, popupLoad } from './first-render';
import { TWO_FRAMES } from './in-page';
import { signedInCore } from './main-side';
import { repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';

export const MEMORY_TASKS = 200;
const MEMORY_TIMES = 3;
export const MEMORY_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: MEMORY_TIMES },
  why: 'React alone holding as many plain rows in the same Chromium is what any React popup with that list keeps; the ratio is what the app holds on top (its data from main, its richer rows, its code), on whatever Chromium and machine the run had.',
};
const CAP_MS = 60_000;
/** 1 MB = 1 000 000 bytes, like the KB of the weight table. */
const MB = 1_000_000;

/** JS heap in use after a full garbage collection: what the page keeps, not what it has yet to free. */
async function heapUsed(p: BenchPage): Promise<number> {
  await p.page.evaluate(TWO_FRAMES);
  await p.cdp.send('HeapProfiler.collectGarbage');
  await p.cdp.send('Performance.enable');
  const { metrics } = await p.cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
  if (used === undefined) throw new Error('Chromium reported no JSHeapUsedSize.');
  return used / MB;
}

/** Item 6: the popup's JS heap with 200 pinned tasks drawn, against React alone drawing 200 plain rows. */
export const rendererMemory: Measurement = {
  item: 6,
  id: 'renderer-memory',
  title: `Renderer memory (${MEMORY_TASKS} tasks)`,
  async run(ctx): Promise<BenchResult[]> {
    const main = await signedInCore(await ctx.service(), MEMORY_TASKS);
    try {
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        async () => {
          const { p } = await popupLoad(ctx, main, MEMORY_TASKS);
          try {
            return await heapUsed(p);
          } finally {
            await p.close();
          }
        },
        async () => {
          const { p } = await floorLoad(ctx, MEMORY_TASKS);
          try {
            return await heapUsed(p);
          } finally {
            await p.close();
          }
        },
      );
      const app = pairedFigure('app', 'MB', samples.app);
      const floor = pairedFigure(`React alone, ${MEMORY_TASKS} rows`, 'MB', samples.floor);
      return [
        {
          item: 6,
          id: 'renderer-memory',
          title: `Renderer memory (${MEMORY_TASKS} tasks)`,
          app,
          floor,
          budget: judge(
            MEMORY_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, ctx.runs, plan.capMs),
          ),
          notes: [
            'CDP Performance.getMetrics JSHeapUsedSize after HeapProfiler.collectGarbage; 1 MB = 10^6 bytes',
          ],
        },
      ];
    } finally {
      await main.dispose();
    }
  },
};
