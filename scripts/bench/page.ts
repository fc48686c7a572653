import type { CDPSession, Page } from 'playwright-core';
import { connectPageToMain } from '../../test/helpers/page-bridge';
import type { MainForPage } from '../../test/helpers/page-bridge';
import type { BenchContext } from './context';
import { within } from './repeat';

/** The mark the popup sets once its task list is drawn with main's data (renderer/components/TaskSection.tsx). */
export const PAINTED_MARK = 'tasks-painted';

export interface BenchPage {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** The painted mark's time, in ms from navigation start (the page's timeOrigin), once set. */
  readonly paintedAt: Promise<number>;
  /** Uncaught errors in the page: a measurement of a broken page is no measurement. */
  readonly problems: string[];
  close(): Promise<void>;
}

/**
 * A fresh tab. Loopback only: the popup's CSP lets nothing leave but https
 * images (the organization's logo), and Chromium itself refuses those here
 * (Network.setBlockedURLs), without routing every request through Playwright
 * as page.route would, which would slow the very load being measured.
 */
export async function newPage(ctx: BenchContext, main?: MainForPage): Promise<BenchPage> {
  const page = await (await ctx.browser()).context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['https://*', 'wss://*', 'ws://*'] });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const stop = main ? await connectPageToMain(page, await ctx.bridge(), main) : () => undefined;
  let painted: (at: number) => void = () => undefined;
  const paintedAt = new Promise<number>((resolve) => (painted = resolve));
  // A bare CDP binding, as the page bridge uses: Playwright's exposeFunction
  // would add its own script to every new document, inside the load measured.
  cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name === PAINTED_BINDING) painted(Number(e.payload));
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: PAINTED_BINDING });
  await page.addInitScript({ content: PAINT_WATCH });
  return {
    page,
    cdp,
    paintedAt,
    problems,
    async close() {
      stop();
      await cdp.detach().catch(() => undefined);
      await page.close();
    },
  };
}

/**
 * The page reports the mark itself, so nothing from Playwright runs in it
 * while it loads: polling with waitForFunction would inject Playwright's own
 * script into the page mid-load and compete for the main thread being measured.
 */
const PAINTED_BINDING = '__benchPainted';
const PAINT_WATCH = `new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === ${JSON.stringify(PAINTED_MARK)}) window.${PAINTED_BINDING}(String(e.startTime));
}).observe({ type: 'mark' });`;

/**
 * Loads `url` and returns when the page has set the painted mark: the mark's
 * time, in ms from the start of the navigation (the page's timeOrigin).
 */
export async function loadUntilPainted(p: BenchPage, url: string): Promise<number> {
  await p.page.goto(url, { waitUntil: 'commit' });
  return within(15_000, `The mark "${PAINTED_MARK}"`, p.paintedAt);
}

/** How many task rows the page shows. */
export const rowCount = (page: Page): Promise<number> => page.locator('li[data-task-id]').count();

/** Resolves once the page shows `rows` task rows; fails naming how many it drew. */
export async function allRowsDrawn(page: Page, rows: number): Promise<void> {
  try {
    await page.waitForFunction(
      `document.querySelectorAll('li[data-task-id]').length === ${rows}`,
      undefined,
      { timeout: 5_000, polling: 'raf' },
    );
  } catch {
    throw new Error(`The popup drew ${await rowCount(page)} rows, not ${rows}.`);
  }
}

/** Fails a run whose page reported a problem, naming it. */
export function assertNoProblems(p: BenchPage, what: string): void {
  if (p.problems.length > 0) throw new Error(`${what}: ${p.problems.slice(0, 3).join('; ')}`);
}
