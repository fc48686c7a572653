import { TASK_STATUSES } from '../../common/task';
import type { BenchContext } from './context';
import { floorLoad, popupLoad } from './first-render';
import { PILL_RESULT, TWO_FRAMES, hideThenShowAndTime, watchPill } from './in-page';
import { signedInCore } from './main-side';
import type { BenchCore } from './main-side';
import { assertNoProblems } from './page';
import type { BenchPage } from './page';
import { repeatPaired, shortOfRuns } from './repeat';
import type { Plan } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { nextStatus } from './statuses';

export const OPEN_TASKS = 50;
/** How long the popup stays hidden before each show: long enough for the hide's own work to end. */
const HIDDEN_MS = 300;
/** Rows keyed in turn: the first few, on screen without scrolling. */
const ROWS_USED = 5;
const CAP_MS = 40_000;

export const OPEN_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3 },
  why: 'what a person waits for at every click on the tray icon: the popup, loaded and hidden, shown until its first row holds focus and the frame is painted; the floor is React alone with as many plain rows handling the same events (visibilitychange, then the window’s focus) in the same Chromium, in turns with the app.',
};

export const KEY_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3 },
  why: 'a status key on the focused row must show at once (the change is optimistic; the service confirms later): from the key event until the row’s pill shows the new status and the frame is painted, against React alone updating one row of as many plain rows on the same key, in turns with the app.',
};

/** The popup with 50 tasks and the floor page with 50 plain rows, each loaded once, and main. */
async function withPages<T>(
  ctx: BenchContext,
  use: (main: BenchCore, app: BenchPage, floor: BenchPage) => Promise<T>,
): Promise<T> {
  const main = await signedInCore(await ctx.service(), OPEN_TASKS);
  let app: BenchPage | null = null;
  let floor: BenchPage | null = null;
  try {
    app = (await popupLoad(ctx, main, OPEN_TASKS)).p;
    floor = (await floorLoad(ctx, OPEN_TASKS)).p;
    const result = await use(main, app, floor);
    assertNoProblems(app, 'The popup');
    assertNoProblems(floor, 'The floor page');
    return result;
  } finally {
    await floor?.close();
    await app?.close();
    await main.dispose();
  }
}

const row = (p: BenchPage, taskId: string) => p.page.locator(`li[data-task-id="${taskId}"]`);

/** Row `at`'s id and the status its pill shows. */
async function rowAt(p: BenchPage, at: number): Promise<{ taskId: string; shown: string }> {
  const li = p.page.locator('li[data-task-id]').nth(at);
  const [taskId, pill] = await Promise.all([
    li.getAttribute('data-task-id'),
    li.locator('.pill').getAttribute('class'),
  ]);
  if (!taskId) throw new Error(`Row ${at} has no task id.`);
  return { taskId, shown: /pill--(\w+)/.exec(pill ?? '')?.[1] ?? '' };
}

/**
 * One status key on row `at`: the row focused first (a focused row opens, untimed),
 * then the key for the next status; ms from the key event to the pill painted.
 */
async function keyOnRow(
  p: BenchPage,
  at: number,
): Promise<{ taskId: string; status: string; ms: number }> {
  // The tab in front: Chromium throttles the frames and timers of a tab behind another.
  await p.page.bringToFront();
  const { taskId, shown } = await rowAt(p, at);
  await row(p, taskId).focus();
  await p.page.evaluate(TWO_FRAMES);
  const status = nextStatus(shown);
  await p.page.evaluate(watchPill(taskId, status, 'keydown', true, 5_000));
  await p.page.keyboard.press(String(TASK_STATUSES.indexOf(status) + 1));
  return { taskId, status, ms: (await p.page.evaluate(PILL_RESULT)) as number };
}

const result = (
  m: Measurement,
  spec: BudgetSpec,
  samples: { app: number[]; floor: number[] },
  labels: [string, string],
  plan: Plan,
  notes: string[],
): BenchResult => {
  const app = pairedFigure(labels[0], 'ms', samples.app);
  const floor = pairedFigure(labels[1], 'ms', samples.floor);
  return {
    item: m.item,
    id: m.id,
    title: m.title,
    app,
    floor,
    budget: judge(spec, app, floor, shortOfRuns(app.summary.runs, plan.runs, plan.capMs)),
    notes,
  };
};

/**
 * Item 10: the popup, loaded and hidden as the app keeps it, shown: until its
 * first row holds focus (ready for ↑/↓ and 1–5) and the frame is painted.
 */
export const openReady: Measurement = {
  item: 10,
  id: 'open-ready',
  title: `Open → ready (${OPEN_TASKS} tasks)`,
  async run(ctx): Promise<BenchResult[]> {
    const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
    const show = hideThenShowAndTime(HIDDEN_MS, 5_000);
    const samples = await withPages(ctx, (main, app, floor) =>
      repeatPaired(
        plan,
        async () => {
          await app.page.bringToFront();
          const ms = (await app.page.evaluate(show)) as number;
          main.forget();
          return ms;
        },
        async () => {
          await floor.page.bringToFront();
          return (await floor.page.evaluate(show)) as number;
        },
      ),
    );
    return [
      result(
        this,
        OPEN_BUDGET,
        samples,
        ['show → first row focused', `React alone, ${OPEN_TASKS} rows`],
        plan,
        [
          `the page hidden ${HIDDEN_MS} ms (visibilitychange, blur), then shown (visibilitychange, the window's focus) with nothing focused, as when main shows the window; until the first row holds focus and the frame after is painted`,
          'headless Chromium never hides a tab: document.visibilityState is the page’s own, overridden; the events are the ones the page gets from a real show',
        ],
      ),
    ];
  },
};

/** Item 11: a status key on the focused row until its pill shows the new status, painted. */
export const statusKey: Measurement = {
  item: 11,
  id: 'status-key',
  title: 'Status key → pill changed',
  async run(ctx): Promise<BenchResult[]> {
    const service = await ctx.service();
    const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
    const samples = await withPages(ctx, (main, app, floor) =>
      repeatPaired(
        plan,
        async (i) => {
          const { taskId, status, ms } = await keyOnRow(app, i % ROWS_USED);
          // The service's confirmation comes after the clock; the next run starts from an idle row.
          await row(app, taskId)
            .and(app.page.locator('.task--idle'))
            .locator(`.pill--${status}`)
            .waitFor();
          if (service.statusOf(taskId) !== status)
            throw new Error('The service does not hold the status the popup shows confirmed.');
          main.forget();
          return ms;
        },
        async (i) => (await keyOnRow(floor, i % ROWS_USED)).ms,
      ),
    );
    return [
      result(
        this,
        KEY_BUDGET,
        samples,
        ['key → pill painted', `React alone, ${OPEN_TASKS} rows`],
        plan,
        [
          'a real key press (Chromium input) on the focused row, from the keydown event’s time until the row’s pill shows the new status (MutationObserver) and the frame after is painted; the service’s confirmation is awaited after the clock',
        ],
      ),
    ];
  },
};
