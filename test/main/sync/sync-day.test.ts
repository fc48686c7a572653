/**
 * Issue 35, "Must show": a day of the background sync in virtual time, with
 * 10 pinned tasks in an organization of 200 vendors and risks and a change
 * made elsewhere every few minutes. The background never sends more than
 * its budget (READ_RATE) on any route in any minute, the service never
 * answers 429, and the requests per hour are printed for the closing note.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_RATE } from '../../../main/reads/read-budget';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { MIN, syncWorld } from './sync-world';
import type { Sent, SyncWorld } from './sync-world';

const gate = await keychainGate();
const HOURS = Number(process.env.SYNC_DAY_HOURS ?? 24);
const LARGE = { vendors: 100, risks: 100, tasks: 1_000 } as const;
/** A member of the large organization, who has tasks in many of its vendors and risks. */
const MAYA = 'mem_n1maya7q2c';
const STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;

/** The most requests of one route in any 60 s from one of them on. */
export function busiestMinute(sent: readonly Sent[]): Map<string, number> {
  const byRoute = new Map<string, number[]>();
  for (const r of sent) byRoute.set(r.route, [...(byRoute.get(r.route) ?? []), r.at]);
  const most = new Map<string, number>();
  for (const [route, times] of byRoute) {
    times.sort((a, b) => a - b);
    let best = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 60_000) j++;
      best = Math.max(best, i - j + 1);
    }
    most.set(route, best);
  }
  return most;
}

describe.skipIf(gate.skip)('a day of background sync (issue 35)', () => {
  const tempDir = useTempDirs('task-tray-sync-day-');
  const services: string[] = [];
  const worlds: SyncWorld[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.dispose();
    for (const s of services.splice(0)) await removeTestService(s);
  });

  it.each([
    { key: 'full', no304: true },
    { key: 'full', no304: false },
    { key: 'appRead', no304: true },
    { key: 'appRead', no304: false },
  ] as const)(
    `keeps every route within the background budget for ${HOURS} hours, and says how much it asked (%o)`,
    async ({ key, no304 }) => {
      const service = uniqueTestService();
      services.push(service);
      const w = await syncWorld(await tempDir(), service, {
        server: { largeOrganization: LARGE, rateLimit: undefined },
        key,
        no304,
      });
      worlds.push(w);
      unwrap(await w.clock.during(w.h.call('setMe', { memberId: MAYA })));
      const pins = w.server.taskIds(w.orgId).slice(-10);
      for (const ref of pins) unwrap(await w.clock.during(w.h.call('pinTask', { ref })));
      // The build of "Assigned to me" the person started (at its own pace) is over.
      await w.pass(10 * MIN);
      expect(w.core.state().assigned.state).toBe('ready');

      const from = w.clock.now();
      const start = w.sent.length;
      const startStatuses = w.statuses.length;
      const startBytes = w.received.bytes;
      for (let minute = 0; minute < HOURS * 60; minute += 5) {
        const taskId = pins[(minute / 5) % pins.length]!;
        await w.colleagueChanges(taskId, { status: STATUSES[(minute / 5) % STATUSES.length] });
        await w.clock.runUntil(from + (minute + 5) * MIN);
        // A round reading when the clock got there ends (its writes are real) before time moves on.
        await w.clock.during(w.core.backgroundSync.settled());
      }
      // The last change is read by the next round.
      await w.pass(2 * MIN);
      const day = w.sent.slice(start);
      const perRoute = new Map<string, number>();
      for (const r of day) perRoute.set(r.route, (perRoute.get(r.route) ?? 0) + 1);
      const busiest = busiestMinute(day);
      const unchanged = w.statuses.slice(startStatuses).filter((s) => s === 304).length;
      const kb = (w.received.bytes - startBytes) / 1024 / HOURS;
      process.stdout.write(
        `${HOURS} h of background sync, 10 pins, 200 vendors and risks, a change elsewhere every 5 min, ${key === 'appRead' ? 'with' : 'no'} app:read, ${no304 ? 'no 304s' : 'with 304s'}:\n` +
          [...perRoute]
            .map(
              ([route, n]) =>
                `  ${route}: ${(n / HOURS).toFixed(1)} an hour, at most ${busiest.get(route)} in a minute`,
            )
            .join('\n') +
          `\n  in all: ${(day.length / HOURS).toFixed(1)} requests an hour, ${(unchanged / HOURS).toFixed(1)} of them 304 (unchanged); ${kb.toFixed(0)} KB of answers an hour\n`,
      );
      if (no304) expect(unchanged).toBe(0);
      for (const [, n] of busiest) expect(n).toBeLessThanOrEqual(BACKGROUND_RATE.limit);
      expect(w.statuses.filter((s) => s === 429)).toEqual([]);
      // The last change made elsewhere shows on its row.
      const last = pins[(HOURS * 12 - 1) % pins.length]!;
      expect(w.core.state().tasks.find((t) => t.id === last)?.snapshot?.status).toBe(
        w.server.getTask(w.orgId, last)!.status,
      );
    },
    600_000,
  );
});
