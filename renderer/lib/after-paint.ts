/** The Prioritized Task Scheduling API, where the page has it (Chromium; not happy-dom). */
interface TaskScheduler {
  postTask(
    task: () => void,
    options: { priority: 'user-blocking'; signal: AbortSignal },
  ): Promise<void>;
}

/**
 * Runs `task` right after the next frame is painted, and returns a cancel.
 * A frame callback runs just before the paint; a task queued from it runs
 * after. Queued as a user-blocking task where the page can, so that work
 * already waiting behind the paint (React's passive effects, a logo's load
 * or error event: ~10 ms when the popup opens) does not go first: the rows
 * below the first screen are asked for as soon as the first screen shows,
 * and the benchmark's mark (TaskSection) tells when the rows were on screen,
 * not when that other work was done.
 */
export function afterNextPaint(task: () => void): () => void {
  const cancel = new AbortController();
  const frame = requestAnimationFrame(() => {
    const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
    if (scheduler) {
      scheduler
        .postTask(task, { priority: 'user-blocking', signal: cancel.signal })
        .catch((e: unknown) => {
          // Cancelled (postTask rejects with the signal's reason): nothing to say. The task's own
          // error is reported as a timer's would be.
          if (e !== cancel.signal.reason)
            queueMicrotask(() => {
              throw e;
            });
        });
      return;
    }
    const timer = setTimeout(task, 0);
    cancel.signal.addEventListener('abort', () => clearTimeout(timer));
  });
  return () => {
    cancelAnimationFrame(frame);
    cancel.abort();
  };
}
