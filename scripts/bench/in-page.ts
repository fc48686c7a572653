/**
 * Scripts that run inside the page. They are plain JavaScript strings, not
 * functions handed to page.evaluate: tsx compiles this folder with esbuild,
 * which wraps named functions in a `__name` helper that exists in Node and
 * not in the page.
 */

/** Resolves after two animation frames: whatever the last render scheduled has run. */
export const TWO_FRAMES =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))';

/**
 * Arms a watch for one status change: from the click (the event's own time)
 * to the DOM showing the row with that status checked and confirmed (class
 * task--idle: not pending, not queued, not failed). The milliseconds land in
 * globalThis.__benchChange, a promise; STATUS_CHANGE_RESULT awaits it.
 */
export const watchStatusChange = (taskId: string, status: string, timeoutMs: number): string => `
(() => {
  const taskId = ${JSON.stringify(taskId)};
  const status = ${JSON.stringify(status)};
  globalThis.__benchChange = new Promise((resolve, reject) => {
    let clickedAt = -1;
    const onClick = (e) => {
      if (clickedAt < 0) clickedAt = e.timeStamp;
    };
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('click', onClick, true);
    };
    const observer = new MutationObserver(() => {
      const row = document.querySelector('li[data-task-id="' + taskId + '"]');
      const chosen = row && row.querySelector('[role="radio"].status__option--' + status);
      if (
        clickedAt >= 0 &&
        row.classList.contains('task--idle') &&
        chosen && chosen.getAttribute('aria-checked') === 'true'
      ) {
        const at = performance.now();
        stop();
        resolve(at - clickedAt);
      }
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('The row of ' + taskId + ' did not show ' + status + ' confirmed in time.'));
    }, ${Number(timeoutMs)});
    document.addEventListener('click', onClick, true);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
})()`;

/** The watched change's milliseconds (see watchStatusChange). */
export const STATUS_CHANGE_RESULT = 'globalThis.__benchChange';

/** After the next frame is painted: a task queued from a frame callback, as the popup's afterNextPaint. */
const AFTER_PAINT = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

/**
 * Arms a watch for one row's status pill: from the next `trigger` event (its
 * own time: the click or the key) until the row's pill shows `status`
 * (`pill--<status>`), and with `painted`, until the frame after is painted.
 * The popup and the floor page draw the same pill, so one watch times both.
 * The milliseconds land in globalThis.__benchPill, a promise; PILL_RESULT awaits it.
 */
export const watchPill = (
  taskId: string,
  status: string,
  trigger: 'click' | 'keydown',
  painted: boolean,
  timeoutMs: number,
): string => `
(() => {
  const taskId = ${JSON.stringify(taskId)};
  const status = ${JSON.stringify(status)};
  const trigger = ${JSON.stringify(trigger)};
  globalThis.__benchPill = new Promise((resolve, reject) => {
    let startedAt = -1;
    const onEvent = (e) => {
      if (startedAt < 0) startedAt = e.timeStamp;
    };
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener(trigger, onEvent, true);
    };
    const observer = new MutationObserver(() => {
      const pill = document.querySelector('li[data-task-id="' + taskId + '"] .pill');
      if (startedAt < 0 || !pill || !pill.classList.contains('pill--' + status)) return;
      const at = performance.now();
      stop();
      if (!${painted}) return resolve(at - startedAt);
      ${AFTER_PAINT}.then(() => resolve(performance.now() - startedAt));
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('The pill of ' + taskId + ' did not show ' + status + ' in time.'));
    }, ${Number(timeoutMs)});
    document.addEventListener(trigger, onEvent, true);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
})()`;

/** The watched pill's milliseconds (see watchPill). */
export const PILL_RESULT = 'globalThis.__benchPill';

/**
 * The window hidden, then shown, as main hides and shows the popup: the
 * document's visibility flips (a visibilitychange each way) and the window
 * loses, then gains focus, with nothing focused inside it. Resolves with the
 * ms from the show until the first row holds focus and the frame after is
 * painted. Headless Chromium never hides a tab, so the visibility is the
 * page's own property, overridden; the events are the ones the page gets.
 */
export const hideThenShowAndTime = (hiddenMs: number, timeoutMs: number): string => `(async () => {
  let state = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state !== 'visible' });
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  state = 'hidden';
  window.dispatchEvent(new FocusEvent('blur'));
  document.dispatchEvent(new Event('visibilitychange'));
  await new Promise((resolve) => setTimeout(resolve, ${Number(hiddenMs)}));
  if (!document.querySelector('li[data-task-id]')) throw new Error('No row to focus.');
  const focused = new Promise((resolve, reject) => {
    const onFocus = (e) => {
      if (e.target !== document.querySelector('li[data-task-id]')) return;
      document.removeEventListener('focusin', onFocus, true);
      clearTimeout(timer);
      resolve(null);
    };
    const timer = setTimeout(() => {
      document.removeEventListener('focusin', onFocus, true);
      reject(new Error('The first row did not take focus.'));
    }, ${Number(timeoutMs)});
    document.addEventListener('focusin', onFocus, true);
  });
  const started = performance.now();
  state = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new FocusEvent('focus'));
  await focused;
  await ${AFTER_PAINT};
  return performance.now() - started;
})()`;
