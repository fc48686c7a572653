import { STATUS_LABELS } from '../../common/task';
import { barePut } from './bare-put';
import { popupLoad } from './first-render';
import { STATUS_CHANGE_RESULT, watchStatusChange } from './in-page';
import { signedInCore } from './main-side';
import { assertNoProblems } from './page';
import { now, repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';

export const E2E_TASKS = 50;
export const E2E_BUDGET: BudgetSpec = {
  rule: { kind: 'at-most', max: 20 },
  why: 'a person feels the time from their click to the row confirmed as such, whatever the machine: the budget is absolute, and the bare PUT beside it (measured in the same run) shows how much of it the service and loopback take.',
};
/** Rows clicked in turn: the first few, on screen without scrolling. */
const ROWS_USED = 5;
const CAP_MS = 40_000;

/**
 * Item 4: a real click (Chromium input, through Playwright) on a status in
 * the popup, until the row shows that status confirmed by the service; the
 * popup as in item 2 (50 pinned tasks). Beside it, item 3's bare PUT.
 */
export const statusE2e: Measurement = {
  item: 4,
  id: 'status-e2e',
  title: 'Status change, end to end',
  async run(ctx): Promise<BenchResult[]> {
    const service = await ctx.service();
    const main = await signedInCore(service, E2E_TASKS);
    const bareTask = service.taskIds[E2E_TASKS];
    if (!bareTask) throw new Error(`The service has no task beyond the first ${E2E_TASKS}.`);
    const { p } = await popupLoad(ctx, main, E2E_TASKS);
    try {
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        async (i) => {
          const taskId = service.taskIds[i % ROWS_USED] as string;
          const row = p.page.locator(`li[data-task-id="${taskId}"]`);
          // A row shows its five-way switch once it holds focus (opened before the clock starts).
          await row.focus();
          await row.locator('[role="radio"]').first().waitFor();
          // The next status after the one the row shows: clicking the checked one would change nothing.
          const shown = await row
            .locator('[role="radio"][aria-checked="true"]')
            .getAttribute('class');
          const status = nextStatus(/status__option--(\w+)/.exec(shown ?? '')?.[1]);
          await p.page.evaluate(watchStatusChange(taskId, status, 5_000));
          await row.getByRole('radio', { name: STATUS_LABELS[status], exact: true }).click();
          const ms = (await p.page.evaluate(STATUS_CHANGE_RESULT)) as number;
          if (service.statusOf(taskId) !== status)
            throw new Error('The service does not hold the status the popup shows confirmed.');
          main.forget();
          return ms;
        },
        async () => {
          const t0 = now();
          await barePut(service, bareTask, nextStatus(service.statusOf(bareTask)));
          return now() - t0;
        },
      );
      assertNoProblems(p, 'The popup');
      const app = pairedFigure('click → confirmed', 'ms', samples.app);
      const floor = pairedFigure('bare fetch PUT', 'ms', samples.floor);
      return [
        {
          item: 4,
          id: 'status-e2e',
          title: 'Status change, end to end',
          app,
          floor,
          budget: judge(
            E2E_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, ctx.runs, plan.capMs),
          ),
          notes: [
            'from the click event’s timestamp to the DOM mutation showing the row confirmed (MutationObserver)',
            'main’s answers and events reach the page through CDP (one Runtime.evaluate each, as in the e2e tests), slower than Electron’s IPC',
          ],
        },
      ];
    } finally {
      await p.close();
      await main.dispose();
    }
  },
};
