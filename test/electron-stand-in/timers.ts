/**
 * The timers the app's code starts (the bundle and electron-menubar), found by
 * the stack that started them, and whether each is still pending. Node's own
 * list of active handles leaves out unref'd timers, which the scheduler uses.
 */
export function trackAppTimers(
  origins: readonly string[] = ['out/main/index.js', 'electron-menubar'],
) {
  const pending = new Map<unknown, string>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's EventEmitter and timer signatures
  const g = globalThis as unknown as Record<string, (...args: any[]) => any>;
  const saved = {
    setTimeout: g.setTimeout!,
    setInterval: g.setInterval!,
    clearTimeout: g.clearTimeout!,
    clearInterval: g.clearInterval!,
  };
  const fromApp = (stack: string) => origins.some((o) => stack.includes(o));
  const start = (kind: 'setTimeout' | 'setInterval') =>
    function (callback: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) {
      const stack = new Error().stack ?? '';
      const handle: unknown = saved[kind]!(
        (...a: unknown[]) => {
          if (kind === 'setTimeout') pending.delete(handle);
          callback(...a);
        },
        ms,
        ...args,
      );
      if (fromApp(stack)) pending.set(handle, `${kind}(${ms ?? 0} ms)\n${stack}`);
      return handle;
    };
  const stop = (kind: 'clearTimeout' | 'clearInterval') => (handle: unknown) => {
    pending.delete(handle);
    return saved[kind]!(handle);
  };
  g.setTimeout = start('setTimeout');
  g.setInterval = start('setInterval');
  g.clearTimeout = stop('clearTimeout');
  g.clearInterval = stop('clearInterval');
  return {
    /** Where each pending app timer was started. */
    pending: (): string[] => [...pending.values()],
    restore: () => Object.assign(g, saved),
  };
}
