/**
 * What to do when the popup's renderer process is gone (a crash, the OOM killer, a GPU
 * reset taking it along): load the page again, so the next click on the tray shows a
 * working popup instead of a blank one, but not in a loop: a page that crashes at
 * once would otherwise spin a core. Past the limit the window is closed; the tray
 * makes a new one when the person opens it, a fresh start they asked for.
 */

/** Electron's RenderProcessGoneDetails['reason'] values that are not failures. */
const NOT_A_CRASH = new Set(['clean-exit']);

export interface CrashReloadPolicy {
  /** 'reload', 'close' (too many in a row), or 'ignore' (the process ended normally). */
  decide(reason: string, now: number): 'reload' | 'close' | 'ignore';
}

export function createCrashReloadPolicy({
  maxReloads = 3,
  windowMs = 60_000,
}: { maxReloads?: number; windowMs?: number } = {}): CrashReloadPolicy {
  let reloads: number[] = [];
  return {
    decide(reason, now) {
      if (NOT_A_CRASH.has(reason)) return 'ignore';
      reloads = reloads.filter((at) => now - at < windowMs);
      if (reloads.length >= maxReloads) return 'close';
      reloads.push(now);
      return 'reload';
    },
  };
}
