import type { BenchContext } from './context';
import { floorRowsUrl } from './floor-rows';
import { signedInCore } from './main-side';
import type { BenchCore } from './main-side';
import { allRowsDrawn, assertNoProblems, loadUntilPainted, newPage } from './page';
import { repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';

export const FIRST_RENDER_TASKS = 50;
export const FIRST_RENDER_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 1.4 },
  why: 'React and ReactDOM alone drawing as many plain rows in a new tab of the same Chromium, built with the app’s renderer config, is what any React popup with that list pays on this machine; the ratio is the app’s own part (its script, its data from main, its richer rows and their paint), a regression guard: the window is loaded hidden at start, and nobody waits for this render.',
};
const CAP_MS = 60_000;

/** One load of the popup, connected to main, until its list of `tasks` rows is drawn. */
export async function popupLoad(ctx: BenchContext, main: BenchCore, tasks: number) {
  const p = await newPage(ctx, main.harness.core);
  try {
    const paintedAt = await loadUntilPainted(p, (await ctx.site()).url);
    // The mark is the first screen painted; the rows below it follow right after.
    await allRowsDrawn(p.page, tasks);
    assertNoProblems(p, 'The popup');
    return { p, paintedAt };
  } catch (e) {
    await p.close();
    throw e;
  } finally {
    main.forget();
  }
}

/** One load of the floor page (React alone, `rows` plain rows; `list` in its second list) until painted. */
export async function floorLoad(ctx: BenchContext, rows: number, list = 0) {
  const p = await newPage(ctx);
  try {
    const paintedAt = await loadUntilPainted(
      p,
      floorRowsUrl((await ctx.floorSite()).url, rows, list),
    );
    assertNoProblems(p, 'The floor page');
    return { p, paintedAt };
  } catch (e) {
    await p.close();
    throw e;
  }
}

/**
 * Item 2: a new popup page, served from loopback, talking to main through the
 * real bridge: ms from navigation start to the task list's first screen drawn
 * with main's data (50 pinned tasks and the organization); every run then checks
 * that all 50 rows follow. Floor: React alone drawing 50 plain rows.
 */
export const firstRender: Measurement = {
  item: 2,
  id: 'first-render',
  title: `Popup first render (${FIRST_RENDER_TASKS} tasks)`,
  async run(ctx): Promise<BenchResult[]> {
    const main = await signedInCore(await ctx.service(), FIRST_RENDER_TASKS);
    try {
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        async () => {
          const { p, paintedAt } = await popupLoad(ctx, main, FIRST_RENDER_TASKS);
          await p.close();
          return paintedAt;
        },
        async () => {
          const { p, paintedAt } = await floorLoad(ctx, FIRST_RENDER_TASKS);
          await p.close();
          return paintedAt;
        },
      );
      const app = pairedFigure('app', 'ms', samples.app);
      const floor = pairedFigure(`React alone, ${FIRST_RENDER_TASKS} rows`, 'ms', samples.floor);
      return [
        {
          item: 2,
          id: 'first-render',
          title: `Popup first render (${FIRST_RENDER_TASKS} tasks)`,
          app,
          floor,
          budget: judge(
            FIRST_RENDER_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, ctx.runs, plan.capMs),
          ),
          notes: [
            'navigation start → performance.mark("tasks-painted"), a new tab each run, headless Chromium',
            'window.api is the preload bridge over a CDP binding to main’s dispatcher (test/helpers/page-bridge.ts)',
          ],
        },
      ];
    } finally {
      await main.dispose();
    }
  },
};
