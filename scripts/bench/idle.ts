import { signedInCore } from './main-side';
import type { BenchResult, Measurement } from './report';
import { exact } from './stats';
import { installTimerCensus } from './timer-census';
import type { TimerRecord } from './timer-census';

export const IDLE_MS = 10_000;
/** "No periodic work more often than once a minute." */
export const MIN_PERIOD_MS = 60_000;
/** Before the window: the sign-in's requests end and Node's fetch closes its idle sockets. */
const SETTLE_MS = 6_000;

const firedWithin = (r: TimerRecord, from: number, to: number) =>
  r.firedAt.filter((t) => t >= from && t <= to).length;

/**
 * Item 7: main with a signed-in profile and 50 pinned tasks, the popup
 * hidden (no page at all), left alone for 10 s. Counted two ways: the
 * scheduler's own counters (every timer main sets for its work goes through
 * it) and a census of every setTimeout/setInterval in the process, by origin.
 */
export const idle: Measurement = {
  item: 7,
  id: 'idle',
  title: 'Idle 10 s: main’s wake-ups',
  async run(ctx): Promise<BenchResult[]> {
    const sleep = globalThis.setTimeout;
    const wait = (ms: number) => new Promise<void>((resolve) => sleep(resolve, ms));
    const service = await ctx.service();
    // Installed before the core exists, so timers it sets at start are seen too.
    const census = installTimerCensus();
    let result: BenchResult;
    try {
      const main = await signedInCore(service, 50);
      try {
        await wait(SETTLE_MS);
        const before = main.harness.core.timers();
        const from = performance.now();
        ctx.progress(`idle for ${IDLE_MS / 1000} s…`);
        await wait(IDLE_MS);
        const to = performance.now();
        const after = main.harness.core.timers();

        const wakeups = after.fired - before.fired;
        const app = census.records.filter((r) => r.origin === 'app');
        const appFired = app.filter((r) => firedWithin(r, from, to) > 0);
        const tooOften = [
          ...appFired.filter((r) => r.delayMs < MIN_PERIOD_MS),
          ...app.filter((r) => r.kind === 'interval' && r.delayMs < MIN_PERIOD_MS),
        ];
        const byOrigin = new Map<string, { set: number; fired: number }>();
        for (const r of census.records) {
          const c = byOrigin.get(r.origin) ?? { set: 0, fired: 0 };
          if (r.setAt >= from && r.setAt <= to) c.set += 1;
          c.fired += firedWithin(r, from, to);
          byOrigin.set(r.origin, c);
        }
        const wakeupsAllowed = Math.ceil(IDLE_MS / MIN_PERIOD_MS) - 1;
        result = {
          item: 7,
          id: 'idle',
          title: 'Idle 10 s: main’s wake-ups',
          app: { label: 'scheduler', unit: 'count', summary: exact(wakeups) },
          floor: null,
          budget: {
            text: 'nothing more often than 1/min',
            pass: wakeups <= wakeupsAllowed && tooOften.length === 0,
            versus: null,
            checked: `${appFired.length} app timers fired`,
            why: 'idle has no floor: a tray app left alone should let the machine sleep, so any wake-up more often than once a minute is the app’s own.',
          },
          notes: [
            `scheduler in the window: ${wakeups} fired, ${after.scheduled - before.scheduled} set, ${after.pending} pending at the end`,
            `every timer in the process during the window (set / fired): ${
              [...byOrigin]
                .filter(([, c]) => c.set + c.fired > 0)
                .map(([o, c]) => `${o} ${c.set}/${c.fired}`)
                .join(', ') || 'none'
            }`,
            ...tooOften.map((r) => `too often: ${r.kind} of ${r.delayMs} ms set at ${r.where}`),
            `one window of ${IDLE_MS / 1000} s after ${SETTLE_MS / 1000} s of settling; Node's fetch stands in for Electron's net.fetch`,
          ],
        };
      } finally {
        await main.dispose();
      }
    } finally {
      census.uninstall();
    }
    return [result];
  },
};
