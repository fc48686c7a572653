/**
 * Code the first screen does not draw but a click or a key may soon need
 * (a notice, the select mode's logic, the undo toast, another screen): each
 * part's loader is registered here as its module is evaluated, and App asks
 * for them all once the popup is idle after its first paint. A part asked
 * for before then (a key pressed at once) waits for its file, a local one,
 * and then acts: the same promise serves both, so nothing loads twice.
 */
const loaders = new Set<() => Promise<unknown>>();

/** `load`, fetched at most once (again after a failure), and registered for the idle preload. */
export function loadWhenIdle<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  const once = (): Promise<T> =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
  loaders.add(once);
  return once;
}

let reached: () => void = () => undefined;
let wasIdle = false;
/** Resolves once the popup has been idle after its first paint (loadAllNow ran). */
export const idleReached = new Promise<void>((resolve) => (reached = resolve));
/** The popup has been idle after its first paint. */
export const hasBeenIdle = (): boolean => wasIdle;

/** Fetches every registered part now; a failure waits for the part's first real use. */
export async function loadAllNow(): Promise<void> {
  wasIdle = true;
  reached();
  await Promise.all([...loaders].map((load) => load().catch(() => undefined)));
}
