import { STATUS_LABELS } from '../../common/task';
import { createOutboxLayer } from './bulk-layers';
import type { OutboxLayer } from './bulk-layers';
import { popupLoad } from './first-render';
import type { BenchPage } from './page';
import type { BenchService } from './bench-service';
import { floorLoad } from './first-render';
import { PILL_RESULT, STATUS_CHANGE_RESULT, watchPill, watchStatusChange } from './in-page';
import { signedInCore } from './main-side';
import { assertNoProblems } from './page';
import { repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';

export const E2E_TASKS = 50;
const E2E_TIMES = 2.5;
export const E2E_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: E2E_TIMES },
  why: 'the least this popup could pay for a click that changes a row on the service: React alone re-rendering its list on the click (the floor page, in the same Chromium), the click sent to Node and answered over the same CDP transport as the popup’s bridge, the change through the outbox and the service client between (the layers every change must pass); timed in turns with the app, the ratio is what the app adds (its bridge and checks, pins, settings, events, its richer row).',
};
/** Rows clicked in turn: the first few, on screen without scrolling. */
const ROWS_USED = 5;
const CAP_MS = 40_000;

/**
 * The floor page's clicks go to Node over a bare CDP binding, as the popup's
 * calls go to main (test/helpers/page-bridge.ts); Node sends the change
 * through the layers every change must pass (the outbox and the service
 * client, as items 3 and 5) and answers with one Runtime.evaluate, as main's
 * events come back; React alone re-renders the row. What is left between app
 * and floor is the app.
 */
async function bindFloorToLayers(
  f: BenchPage,
  service: BenchService,
  layer: OutboxLayer,
  taskId: string,
) {
  f.cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name !== '__benchPut') return;
    const { i, status } = JSON.parse(e.payload) as { i: number; status: string };
    void layer.send([taskId], nextStatus(service.statusOf(taskId))).then(
      () =>
        f.cdp.send('Runtime.evaluate', {
          expression: `window.__floorSetStatus(${Number(i)}, ${JSON.stringify(status)})`,
        }),
      (e: unknown) => f.problems.push(`The floor's change failed: ${String(e)}`),
    );
  });
  await f.cdp.send('Runtime.addBinding', { name: '__benchPut' });
}

/** The floor page: a click on row `at`'s button until its pill shows the next status, in ms. */
async function floorClick(f: BenchPage, at: number): Promise<number> {
  await f.page.bringToFront();
  const row = f.page.locator('li[data-task-id]').nth(at);
  const [taskId, shown] = await Promise.all([
    row.getAttribute('data-task-id'),
    row.locator('.pill').getAttribute('class'),
  ]);
  const status = nextStatus(/pill--(\w+)/.exec(shown ?? '')?.[1]);
  await f.page.evaluate(watchPill(taskId ?? '', status, 'click', false, 5_000));
  await row.getByRole('button').click();
  return (await f.page.evaluate(PILL_RESULT)) as number;
}

/**
 * Item 4: a real click (Chromium input, through Playwright) on a status in
 * the popup, until the row shows that status confirmed by the service; the
 * popup as in item 2 (50 pinned tasks). Floor: React alone re-rendering its
 * list on a click that went to Node and back through the outbox (floor-rows.ts).
 */
export const statusE2e: Measurement = {
  item: 4,
  id: 'status-e2e',
  title: 'Status change, end to end',
  async run(ctx): Promise<BenchResult[]> {
    const service = await ctx.service();
    const main = await signedInCore(service, E2E_TASKS);
    const floorTask = service.taskIds[E2E_TASKS];
    if (!floorTask) throw new Error(`The service has no task beyond the first ${E2E_TASKS}.`);
    const { p } = await popupLoad(ctx, main, E2E_TASKS);
    let f: BenchPage | null = null;
    let layer: OutboxLayer | null = null;
    try {
      f = (await floorLoad(ctx, E2E_TASKS)).p;
      const floorPage = f;
      layer = await createOutboxLayer(service);
      await bindFloorToLayers(floorPage, service, layer, floorTask);
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        async (i) => {
          const taskId = service.taskIds[i % ROWS_USED] as string;
          // The tab in front: Chromium throttles the frames and timers of a tab behind another.
          await p.page.bringToFront();
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
        async (i) => floorClick(floorPage, i % ROWS_USED),
      );
      assertNoProblems(p, 'The popup');
      assertNoProblems(floorPage, 'The floor page');
      const app = pairedFigure('click → confirmed', 'ms', samples.app);
      const floor = pairedFigure('React alone + outbox', 'ms', samples.floor);
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
            'floor: a click on a row of React alone’s 50 plain rows, sent to Node over a CDP binding, one change through the outbox and the service client (written, fsynced, PUT), the answer back by Runtime.evaluate, until the row’s pill shows it (the same transport as the popup’s, the same MutationObserver)',
          ],
        },
      ];
    } finally {
      await f?.close();
      await layer?.dispose();
      await p.close();
      await main.dispose();
    }
  },
};
