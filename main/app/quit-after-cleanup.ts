/**
 * Quitting waits for the clean-up to finish. Electron does not wait for a promise a
 * 'before-quit' listener starts: the process exits after its quit events, and a
 * settings, outbox or keychain write still under way is cut off. So the first
 * quit is held, the clean-up awaited, and the app quits again; that second quit
 * goes through. A clean-up that hangs (a disk that does not answer) is given up
 * after a bound: an app that cannot quit is worse than a write that did not end.
 */

/** How long a quit waits for the clean-up before it goes ahead anyway. */
export const QUIT_CLEANUP_LIMIT_MS = 3_000;

/** The part of Electron's before-quit event this needs. */
export interface QuitEvent {
  preventDefault(): void;
}

export interface QuitAfterCleanupOptions {
  /** Everything to finish before the process exits. */
  readonly cleanUp: () => Promise<void>;
  /** app.quit(): starts the quit sequence again. */
  readonly quit: () => void;
  /** Told when the clean-up failed or ran past the limit (the app quits all the same). */
  readonly warn: (message: string, error?: unknown) => void;
  readonly limitMs?: number;
}

/**
 * The 'before-quit' listener: holds the first quit until `cleanUp` settles (or
 * the limit passes), then calls `quit`; every quit from then on goes through.
 * A quit asked for while the clean-up runs is held too: the clean-up's end quits.
 */
export function quitAfterCleanup(opts: QuitAfterCleanupOptions): (event: QuitEvent) => void {
  let phase: 'running' | 'cleaning' | 'clean' = 'running';
  const limitMs = opts.limitMs ?? QUIT_CLEANUP_LIMIT_MS;

  const cleanUpWithin = async (): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), limitMs);
    });
    // A clean-up that throws before its first await is a failed one, not a quit that never ends.
    const done = Promise.resolve()
      .then(opts.cleanUp)
      .then(
        () => 'done' as const,
        (e: unknown) => {
          opts.warn('Clean-up before quitting failed', e);
          return 'failed' as const;
        },
      );
    const outcome = await Promise.race([done, late]);
    clearTimeout(timer);
    if (outcome === 'late') opts.warn(`Clean-up before quitting took over ${limitMs} ms; quitting`);
  };

  return (event) => {
    if (phase === 'clean') return;
    event.preventDefault();
    if (phase === 'cleaning') return;
    phase = 'cleaning';
    void cleanUpWithin().then(() => {
      phase = 'clean';
      opts.quit();
    });
  };
}
