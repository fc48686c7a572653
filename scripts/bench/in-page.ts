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
