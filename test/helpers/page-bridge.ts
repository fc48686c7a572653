import type { CDPSession, Page } from 'playwright-core';
import { WIRE } from '../../common/channels';
import type { EventName } from '../../common/ipc';
import { createEventEncoder } from '../../main/ipc/event-encoder';

/** What a page needs of main: the dispatcher IPC uses, and main's event stream. */
export interface MainForPage {
  dispatch(channel: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: EventName, payload: unknown) => void): () => void;
}

/** The page's side of the transport (bridgeInitScript in ./browser.ts speaks it). */
export const PAGE_TRANSPORT = {
  /** A CDP binding: the page calls it with JSON `{ id, channel, input }` (or `{ channel: WIRE.hello }`). */
  invoke: '__taskTrayInvoke',
  /** The page's function main's answers are delivered to: `(id, failed, answer)`. */
  reply: '__taskTrayReply',
  /** The page's function main's events are delivered to: `(channel, payload)`, encoded as for ipcRenderer. */
  emit: '__taskTrayEmit',
  /**
   * Where a test puts the paths of the files it drops, by name: a page's
   * File has no path (Electron's preload asks webUtils.getPathForFile).
   */
  filePaths: '__taskTrayFilePaths',
} as const;

interface InvokeMessage {
  readonly id?: number;
  readonly channel: string;
  readonly input?: unknown;
}

/**
 * An expression that calls a page function with these values: JSON is a
 * JavaScript expression (U+2028/2029 included, since ES2019), so each value
 * is encoded once, with no string-in-a-string escaping.
 */
const callExpression = (fn: string, args: readonly unknown[]): string =>
  `globalThis.${fn}?.(${args.map((a) => JSON.stringify(a)).join(',')})`;

/**
 * Gives a page the app's window.api before any of its scripts run: the real
 * preload bridge (bridgeInitScript from ./browser.ts) whose invoke goes to
 * main's dispatcher, and whose events are main's, pushed into the page
 * through main's own encoder (task lists as patches), as the app's
 * event sender does (main/ipc/event-sender.ts).
 * Call before page.goto. Returns a function that stops forwarding.
 *
 * The transport is Chromium's own: a CDP binding carries each call as one
 * JSON string, and one Runtime.evaluate carries each answer or event back
 * as a JSON literal.
 * Playwright's exposeFunction would do the same with its own serializer,
 * which walks every value and costs ~30 ms for a list of 50 tasks here;
 * Electron's IPC copies such a list in well under a millisecond, so the
 * slower transport would hide the app's own cost in the benchmark (and make
 * the end-to-end tests wait for nothing). No vitest in here: the benchmark
 * (scripts/bench, run by tsx) shares it with the end-to-end tests.
 */
export async function connectPageToMain(
  page: Page,
  bridgeScript: string,
  main: MainForPage,
): Promise<() => void> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const encoder = createEventEncoder();
  let open = true;
  const send = (expression: string): void => {
    if (!open) return;
    // A page that navigated or closed meanwhile has no one waiting: nothing to deliver.
    void cdp.send('Runtime.evaluate', { expression }).catch(() => undefined);
  };
  cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name !== PAGE_TRANSPORT.invoke) return;
    let message: InvokeMessage;
    try {
      message = JSON.parse(e.payload) as InvokeMessage;
    } catch {
      return;
    }
    if (message.channel === WIRE.hello) return encoder.reset();
    const id = message.id;
    if (id === undefined) return;
    void main.dispatch(message.channel, message.input).then(
      (answer) => send(callExpression(PAGE_TRANSPORT.reply, [id, false, answer ?? null])),
      // The bridge turns a transport failure into an error result, as with ipcRenderer.
      () => send(callExpression(PAGE_TRANSPORT.reply, [id, true, null])),
    );
  });
  // Bindings reach the page's contexts only through a session with Runtime enabled.
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: PAGE_TRANSPORT.invoke });
  await page.addInitScript({ content: bridgeScript });
  const off = main.onEvent((event, payload) => {
    // Before the page has loaded an event is moot: the renderer asks for the state when it starts.
    const message = encoder.encode(event, payload as never);
    if (message)
      send(callExpression(PAGE_TRANSPORT.emit, [message.channel, message.payload ?? null]));
  });
  return () => {
    open = false;
    off();
    void cdp.detach().catch(() => undefined);
  };
}
