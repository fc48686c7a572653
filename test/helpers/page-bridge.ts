import type { Page } from 'playwright-core';
import type { EventName } from '../../common/ipc';

/** What a page needs of main: the dispatcher IPC uses, and main's event stream. */
export interface MainForPage {
  dispatch(channel: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: EventName, payload: unknown) => void): () => void;
}

/**
 * Gives a page the app's window.api before any of its scripts run: the real
 * preload bridge (bridgeInitScript from ./browser.ts) whose invoke goes to
 * main's dispatcher through an exposed Playwright function, and whose events
 * are main's, pushed into the page. Call before page.goto. Returns a function
 * that stops forwarding events. No vitest in here, so the benchmark
 * (scripts/bench, run by tsx) shares it with the end-to-end tests.
 */
export async function connectPageToMain(
  page: Page,
  bridgeScript: string,
  main: MainForPage,
): Promise<() => void> {
  await page.exposeFunction('__taskTrayInvoke', (channel: string, input: unknown) =>
    main.dispatch(channel, input),
  );
  await page.addInitScript({ content: bridgeScript });
  return main.onEvent((event, payload) => {
    // Before the page has loaded an event is moot: the renderer asks for the state when it starts.
    void page
      .evaluate(
        ([e, p]) =>
          (
            globalThis as unknown as { __taskTrayEmit?: (e: string, p: unknown) => void }
          ).__taskTrayEmit?.(e, p),
        [event, payload] as const,
      )
      .catch(() => undefined);
  });
}
