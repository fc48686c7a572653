import { describe, expect, it } from 'vitest';
import { BACKGROUND_RATE, createReadBudget, readRoute } from '../../../main/reads/read-budget';
import { addressKey, createReadBudgets } from '../../../main/reads/read-budgets';
import { readWaitWords } from '../../../main/reads/list-words';
import { manualClock } from '../../helpers/manual-clock';

/**
 * The reads' budget on a virtual clock: the person's reads first, background
 * reads within a fifth of the service's limit per route, per address.
 */

const LIST = readRoute('/v1/task-management');
const VENDORS = readRoute('/v1/vendors');
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most grants any window of `windowMs` holds. */
const busiestWindow = (times: readonly number[], windowMs = 60_000): number => {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] ?? 0) - (times[j] ?? 0) >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
};

describe('read budget', () => {
  it("lets the person's read go at once while 200 background reads wait", async () => {
    const clock = manualClock();
    const budget = createReadBudget({ ...clock, dispose: () => undefined } as never);
    let behindGranted = 0;
    for (let i = 0; i < 200; i++) void budget.turn(LIST, true).then(() => (behindGranted += 1));
    await flush();
    // A burst of two at most, then the fifth of the limit.
    expect(behindGranted).toBeLessThanOrEqual(2);
    let personGranted = false;
    void budget.turn(LIST, false).then(() => (personGranted = true));
    await flush();
    expect(personGranted).toBe(true);
    expect(budget.waitingBehind()).toBeGreaterThanOrEqual(190);
    expect(budget.personWaitsUntil()).toBeNull();
    budget.dispose();
  });

  it('never lets background reads past 20 a minute on any route, over an hour', async () => {
    const clock = manualClock();
    const budget = createReadBudget(clock as never);
    const granted: Record<string, number[]> = { [LIST]: [], [VENDORS]: [] };
    for (const route of [LIST, VENDORS])
      for (let i = 0; i < 1_000; i++)
        void budget.turn(route, true).then((ok) => ok && granted[route]?.push(clock.now()));
    for (let s = 0; s < 3600; s++) {
      clock.advance(1_000);
      await flush();
    }
    for (const route of [LIST, VENDORS]) {
      const times = granted[route] ?? [];
      expect(busiestWindow(times)).toBeLessThanOrEqual(BACKGROUND_RATE.limit);
      // And it does use its share: over 14 a minute on average.
      expect(times.length).toBeGreaterThan(60 * 14);
    }
    budget.dispose();
  });

  it("keeps the person's reads and the background's together under the service's 100 a minute", async () => {
    const clock = manualClock();
    const budget = createReadBudget(clock as never);
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      void budget.turn(LIST, i % 3 === 0).then((ok) => ok && times.push(clock.now()));
    }
    for (let s = 0; s < 600; s++) {
      clock.advance(1_000);
      await flush();
    }
    expect(busiestWindow(times)).toBeLessThanOrEqual(95);
    budget.dispose();
  });

  it("holds a route after a 429 and says how long the person's read waits", async () => {
    const clock = manualClock();
    let told = 0;
    const budget = createReadBudget(clock as never, () => (told += 1));
    budget.hold(VENDORS, clock.now() + 20_000);
    let granted = false;
    void budget.turn(VENDORS, false).then(() => (granted = true));
    await flush();
    expect(granted).toBe(false);
    expect(told).toBeGreaterThan(0);
    const waitMs = (budget.personWaitsUntil() ?? 0) - clock.now();
    expect(readWaitWords(waitMs)).toBe("Waiting for the service's limit, about 20 s");
    // Another route is not held.
    let other = false;
    void budget.turn(LIST, false).then(() => (other = true));
    await flush();
    expect(other).toBe(true);
    clock.advance(19_000);
    await flush();
    expect(granted).toBe(false);
    clock.advance(1_000);
    await flush();
    expect(granted).toBe(true);
    expect(budget.personWaitsUntil()).toBeNull();
    budget.dispose();
  });

  it('lets every waiting read go, refused, when disposed', async () => {
    const clock = manualClock();
    const budget = createReadBudget(clock as never);
    const answers: boolean[] = [];
    for (let i = 0; i < 30; i++) void budget.turn(LIST, true).then((ok) => answers.push(ok));
    await flush();
    budget.dispose();
    await flush();
    expect(answers).toHaveLength(30);
    expect(answers.filter((a) => !a).length).toBeGreaterThanOrEqual(20);
    expect(await budget.turn(LIST, false)).toBe(false);
  });
});

describe('read budgets per address', () => {
  it('shares one budget among the accounts of one address, not of another', async () => {
    const clock = manualClock();
    const budgets = createReadBudgets(clock as never);
    const first = budgets.forAddress('https://api.trycomp.ai');
    expect(budgets.forAddress('https://API.trycomp.ai/')).toBe(first);
    expect(budgets.forAddress('https://self-hosted.example')).not.toBe(first);
    expect(addressKey(' https://api.trycomp.ai// ')).toBe('https://api.trycomp.ai');

    // Two accounts' background reads at one address: 20 a minute between them.
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const account = budgets.forAddress(
        i % 2 ? 'https://api.trycomp.ai' : 'https://api.trycomp.ai/',
      );
      void account.turn(LIST, true).then((ok) => ok && times.push(clock.now()));
    }
    for (let s = 0; s < 1_200; s++) {
      clock.advance(1_000);
      await flush();
    }
    expect(busiestWindow(times)).toBeLessThanOrEqual(20);
    budgets.dispose();
  });
});
