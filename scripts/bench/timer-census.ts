import { createRequire } from 'node:module';
import { REPO_ROOT } from './floor-build';

/**
 * Counts every setTimeout/setInterval the process makes while installed, and
 * every time one fires, with where it was set: a cross-check of the
 * scheduler's own counters that also sees timers set around it.
 */
export type TimerOrigin =
  'app' | 'reference service' | 'benchmark' | "Node's fetch (undici)" | 'Node' | 'other';

export interface TimerRecord {
  readonly kind: 'timeout' | 'interval';
  readonly delayMs: number;
  readonly origin: TimerOrigin;
  /** The first frame outside this file, e.g. "main/scheduler/scheduler.ts:59". */
  readonly where: string;
  readonly setAt: number;
  readonly firedAt: number[];
}

export interface TimerCensus {
  readonly records: readonly TimerRecord[];
  /** Puts the real timers back. */
  uninstall(): void;
}

export function originOf(frame: string): TimerOrigin {
  if (frame.includes('undici')) return "Node's fetch (undici)";
  if (frame.startsWith('node:')) return 'Node';
  const rel = frame.startsWith(REPO_ROOT) ? frame.slice(REPO_ROOT.length + 1) : null;
  if (rel === null || rel.startsWith('node_modules/')) return 'other';
  if (rel.startsWith('main/demo/') || rel.startsWith('test/helpers/')) return 'reference service';
  if (rel.startsWith('main/') || rel.startsWith('common/')) return 'app';
  if (rel.startsWith('scripts/bench/')) return 'benchmark';
  return 'other';
}

/** The location that set the timer: the first stack frame outside this file. */
function caller(): string {
  const stack = new Error().stack?.split('\n').slice(1) ?? [];
  for (const line of stack) {
    const m = /\(?((?:node:|\/)[^()]*?):(\d+):\d+\)?$/.exec(line.trim());
    if (m && !m[1]?.endsWith('timer-census.ts')) return `${m[1]}:${m[2]}`;
  }
  return 'unknown';
}

type TimerFn = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;

/** Wraps the globals and node:timers (the same functions, reachable both ways). */
export function installTimerCensus(): TimerCensus {
  const records: TimerRecord[] = [];
  const timers = createRequire(__filename)('node:timers') as Record<string, TimerFn>;
  const g = globalThis as unknown as Record<string, TimerFn>;
  const restore: (() => void)[] = [];

  for (const [name, kind] of [
    ['setTimeout', 'timeout'],
    ['setInterval', 'interval'],
  ] as const) {
    const original = g[name] as TimerFn;
    const counted: TimerFn = (callback, ms, ...args) => {
      const where = caller();
      const rec: TimerRecord = {
        kind,
        delayMs: Number(ms ?? 0),
        origin: originOf(where),
        where: where.startsWith(REPO_ROOT) ? where.slice(REPO_ROOT.length + 1) : where,
        setAt: performance.now(),
        firedAt: [],
      };
      records.push(rec);
      return original(
        (...a: unknown[]) => {
          rec.firedAt.push(performance.now());
          callback(...a);
        },
        ms,
        ...args,
      );
    };
    // e.g. util.promisify.custom, so promisify(setTimeout) keeps working.
    for (const sym of Object.getOwnPropertySymbols(original))
      (counted as unknown as Record<symbol, unknown>)[sym] = (
        original as unknown as Record<symbol, unknown>
      )[sym];
    g[name] = counted;
    const fromModule = timers[name];
    timers[name] = counted;
    restore.push(() => {
      g[name] = original;
      if (fromModule) timers[name] = fromModule;
    });
  }
  return { records, uninstall: () => restore.forEach((r) => r()) };
}
