import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from '../helpers/browser';
import { PAGE_TRANSPORT, connectPageToMain } from '../helpers/page-bridge';
import type { MainForPage } from '../helpers/page-bridge';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results/screenshots');

/** A task item as the reference service holds it (its wireTasks), the fields the e2e tests read. */
export interface WireTask {
  id: string;
  title: string;
  status: string;
  entityType: 'vendor' | 'risk';
  entityId: string;
  assignee?: { user?: { name?: string } } | null;
}

export interface Popup {
  readonly page: Page;
  /** Console errors and uncaught exceptions (a CSP violation is one): should stay empty. */
  readonly problems: string[];
  /** Requests the page tried to make anywhere but the static server (all refused). */
  readonly outside: { url: string; type: string }[];
  close(): Promise<void>;
}

/**
 * What the tests touch of the page's globals. This project's Node tsconfig has
 * no DOM library, and callbacks given to page.evaluate run in the page, so
 * they cast globalThis to this rather than import anything.
 */
export interface PageGlobals {
  document: {
    activeElement: unknown;
    body: unknown;
    documentElement: { dataset: Record<string, string | undefined> };
  };
  getComputedStyle(el: unknown): { backgroundColor: string };
}

/**
 * Opens the built renderer with window.api = the real preload bridge, whose
 * invoke goes to main's real dispatcher and whose events come from main's
 * real event stream. Nothing else reaches the page; any request it makes to
 * another origin is refused and recorded.
 */
export async function openPopup(
  context: BrowserContext,
  url: string,
  bridgeScript: string,
  main: MainForPage,
  /** Runs once the page's own routes are set, before it loads: a test's routes take precedence. */
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<Popup> {
  const page = await context.newPage();
  const problems: string[] = [];
  const outside: { url: string; type: string }[] = [];
  const origin = new URL(url).origin;

  page.on('console', (m) => {
    if (m.type() === 'error' && !isRefusedOutsideRequest(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.route('**/*', (route) => {
    const req = route.request();
    if (new URL(req.url()).origin === origin) return route.continue();
    outside.push({ url: req.url(), type: req.resourceType() });
    return route.abort('blockedbyclient');
  });

  const off = await connectPageToMain(page, bridgeScript, main);
  await beforeLoad?.(page);
  await page.goto(url);
  return {
    page,
    problems,
    outside,
    async close() {
      off();
      await page.close();
    },
  };
}

/** Chromium logs the requests we refuse on purpose (the org logo on example.com). */
const isRefusedOutsideRequest = (text: string): boolean =>
  text.includes('net::ERR_BLOCKED_BY_CLIENT');

/** Screenshots of the current screen in light and dark, to test-results/screenshots/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // The pointer rests where the last click was: move it off so no hover shows in the picture.
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * axe-core on the current screen, in light and in dark (contrast differs):
 * no serious or critical violation.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${screen} (${colorScheme}) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
    expect(bad).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** What the popup prefetches when idle (App.tsx, usePrefetchScreens; components/later.ts). */
const PREFETCHED = ['OtherScreen-', 'BrowseScreen-', 'AssignedScreen-', 'TaskView-', 'home-later-'];

/**
 * Resolves once the popup has loaded the code of the screens it prefetches
 * when idle, with everything that code imports (which loads only once the
 * screen's own chunk has run). The app serves it from app:// on disk; here it
 * comes over loopback, which a test taking the page offline cuts.
 */
export async function screensPrefetched(page: Page): Promise<void> {
  // Polled from here with page.evaluate, not page.waitForFunction: the
  // latter re-evaluates its predicate inside the page, which the popup's
  // CSP (no 'unsafe-eval') refuses whenever the first check comes too soon.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const urls = await page.evaluate((names) => {
      const loaded = performance.getEntriesByType('resource').map((e) => e.name);
      const found = names.map((n) => loaded.find((url) => url.includes(n) && url.endsWith('.js')));
      return found.every((url) => url !== undefined) ? (found as string[]) : null;
    }, PREFETCHED);
    if (urls) {
      // The page's own module map: each resolves once that chunk and its imports have run. A
      // string, so that vitest does not rewrite the import() for Node.
      await page.evaluate(
        `Promise.all(${JSON.stringify(urls)}.map((url) => import(url))).then(() => true)`,
      );
      return;
    }
    if (Date.now() > deadline)
      throw new Error(`the popup never prefetched ${PREFETCHED.join(', ')} when idle`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A row opens when it holds focus (a click or Tab gives it): its status switch is drawn then. */
export async function chooseStatus(row: Locator, label: string): Promise<void> {
  await row.focus();
  await row.getByRole('radio', { name: label }).click();
}

/** The status a row shows on its one line ("?" when it has none it knows). */
export const shownStatus = (row: Locator): Promise<string | null> =>
  row.locator('.task__line .pill').textContent();

/**
 * Main asks the popup to show a compliance task, as a link or a reminder does
 * (view:open, delivered as the bridge delivers main's events). Until the home
 * list's rows open it, this is the way in.
 */
export async function openComplianceTask(page: Page, taskId: string, title: string): Promise<void> {
  // The popup listens once it has drawn its first screen.
  await page.locator('.app').first().waitFor();
  await page.evaluate(
    `globalThis.${PAGE_TRANSPORT.emit}("view:open", ${JSON.stringify({ screen: 'tasks', taskId })})`,
  );
  await page.getByRole('heading', { name: title }).waitFor();
}
