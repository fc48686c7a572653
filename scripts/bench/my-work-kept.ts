import type { SecretStore } from '../../main/secrets';
import { createCoreHarness } from '../../test/helpers/app-core';
import type { CoreHarness } from '../../test/helpers/app-core';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import type { BenchContext } from './context';
import { floorRowsUrl } from './floor-rows';
import { assertNoProblems, newPage } from './page';
import type { BenchPage } from './page';
import { repeatPaired, shortOfRuns, within } from './repeat';
import { pairedFigure } from './report';
import type { BenchResult } from './report';

export const MY_WORK_KEPT_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 4.5 },
  why: 'A person who opens the popup after a restart finds their compliance tasks drawn from what main kept, before any read (the window is loaded hidden at start, so this is a regression guard, not a wait). The floor is React alone drawing as many plain rows in a new tab of the same Chromium, timed by the same script in turns. The app draws its first screen first, then fetches My work, a file of its own, and asks main for the view over the bridge: about 3× the floor here (3.1–3.5× in three runs). A Suspense fallback in that path (React then holds the content back 300 ms) or a second round to main would go past the budget.',
};
const CAP_MS = 60_000;

/** My work's compliance rows, and the floor page's rows. */
const APP_ROWS = 'ul[aria-label="Compliance tasks"] li[data-task-id]';
const FLOOR_ROWS = 'li[data-task-id]';

/**
 * Set before the page's own scripts: resolves with the ms from navigation
 * start until `rows` rows matching `selector` are in the document and the
 * frame after them is painted. The same script times the app and the floor.
 */
const drawnWatch = (
  selector: string,
  rows: number,
): string => `window.__benchDrawn = new Promise((resolve) => {
  const drawn = () => document.querySelectorAll(${JSON.stringify(selector)}).length >= ${rows};
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

async function timeDrawn(p: BenchPage, url: string, selector: string, rows: number) {
  await p.page.addInitScript({ content: drawnWatch(selector, rows) });
  await p.page.goto(url, { waitUntil: 'commit' });
  const ms = (await within(
    15_000,
    `${rows} rows of ${selector}`,
    p.page.evaluate('window.__benchDrawn'),
  )) as number;
  assertNoProblems(p, url);
  return ms;
}

/**
 * Item 14, its third row: a popup opened on a main restarted on the kept
 * files (the compliance tasks read before, a member chosen), until My work
 * shows the member's compliance tasks; against React alone drawing as many
 * plain rows. Main's read that follows is not waited for.
 */
export async function myWorkKept(
  ctx: BenchContext,
  restarted: () => Promise<CoreHarness>,
): Promise<BenchResult> {
  const probe = await restarted();
  const view = await probe.call('getCompliance').finally(() => probe.core.dispose());
  if (!view.ok) throw new Error(`getCompliance failed: ${view.error.message}`);
  const rows = view.value.tasks.length;
  if (rows === 0) throw new Error('The kept view shows no task of the member.');

  const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
  const samples = await repeatPaired(
    plan,
    async () => {
      const h = await restarted();
      try {
        const p = await newPage(ctx, h.core);
        try {
          return await timeDrawn(p, (await ctx.site()).url, APP_ROWS, rows);
        } finally {
          await p.close();
        }
      } finally {
        await h.core.dispose();
      }
    },
    async () => {
      const p = await newPage(ctx);
      try {
        const url = floorRowsUrl((await ctx.floorSite()).url, rows);
        return await timeDrawn(p, url, FLOOR_ROWS, rows);
      } finally {
        await p.close();
      }
    },
  );
  const app = pairedFigure('page load → My work drawn', 'ms', samples.app);
  const floor = pairedFigure(`React alone, ${rows} rows`, 'ms', samples.floor);
  return {
    item: 14,
    id: 'my-work-kept',
    title: 'My work: shown from what was kept',
    app,
    floor,
    budget: judge(MY_WORK_KEPT_BUDGET, app, floor, shortOfRuns(app.summary.runs, ctx.runs, CAP_MS)),
    notes: [
      `a new popup tab on a main restarted each run on the kept files; timed from navigation start until the member's ${rows} compliance rows are drawn and painted; the floor page timed by the same script`,
    ],
  };
}

/** A main started on the kept files, as after a restart (its own rounds off). */
export const restartedCore = async (dir: string, secrets: SecretStore): Promise<CoreHarness> => {
  const h = createCoreHarness(dir, 'unused: memory secret store', {
    secrets,
    timeoutMs: undefined,
  });
  await h.core.start();
  return h;
};
