import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSteppedClock } from '../../../scripts/bench/stepped-clock';
import type { ComplianceTask } from '../../../common/compliance-task';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createLogger } from '../../../main/log/logger';
import type { ReviewReminder } from '../../../main/notify/notify-events';
import { createReminderStore, REMINDERS_FILE } from '../../../main/reminders/reminder-store';
import { createReminders } from '../../../main/reminders/reminders';
import type { KeptTasks } from '../../../main/reminders/reminders';
import { createComplianceClient } from '../../../main/service/compliance-client';
import { useTempDirs } from '../../helpers/temp-dir';

/**
 * Reminders of review dates on a virtual clock, with the compliance tasks
 * read from the reference service over loopback: each reminder exactly
 * once, across a day boundary, a change of time zone and a restart.
 */

const MAYA = 'mem_n1maya7q2c';
const ACCESS_REVIEW = 'tsk_n1access7review';
const HOUR = 3_600_000;
// Monday 30 Nov 2026, 07:00 in Berlin.
const START = Date.parse('2026-11-30T06:00:00Z');

describe('reminders of review dates (issue 37)', () => {
  const tempDir = useTempDirs('task-tray-reminders-');
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  async function world(opts: { zone?: string } = {}) {
    const dir = await tempDir();
    const clock = createSteppedClock(() => new Promise((r) => setTimeout(r, 5)), START);
    const server: DemoServer = await startDemoServer({
      rateLimit: false,
      clock: () => new Date(clock.now()),
    });
    closing.push(() => server.close());
    const client = createComplianceClient({
      baseUrl: server.baseUrl,
      auth: { kind: 'api-key', apiKey: server.keys.full },
      fetch,
    });
    // Due on Wednesday 2 Dec at 12:00 UTC (13:00 in Berlin, 07:00 in New York).
    const patched = await client.patch(ACCESS_REVIEW, { reviewDate: '2026-12-02T12:00:00Z' });
    if (!patched.ok) throw new Error('The reference service refused the review date');
    let tasks: readonly ComplianceTask[] = [];
    const listeners = new Set<(profileId: string) => void>();
    const kept: KeptTasks = {
      list: () => ({ tasks }),
      on: (l) => (listeners.add(l), () => listeners.delete(l)),
    };
    const read = async () => {
      const listed = await client.list();
      if (!listed.ok) throw new Error('The reference service did not list its tasks');
      tasks = listed.value.tasks;
      for (const l of listeners) l('p1');
    };
    await read();
    const shown: ReviewReminder[] = [];
    const state = { zone: opts.zone ?? 'Europe/Berlin', enabled: true, me: MAYA as string | null };
    const log = createLogger(
      () => undefined,
      () => [],
    );
    const start = async () => {
      const store = createReminderStore({
        filePath: join(dir, REMINDERS_FILE),
        now: () => new Date(clock.now()),
      });
      await store.load();
      const reminders = createReminders({
        kept,
        profiles: () => ['p1'],
        me: () => state.me,
        timeZone: () => state.zone,
        enabled: () => state.enabled,
        scheduler: clock.scheduler,
        store,
        remind: (e) => shown.push(e),
        log,
      });
      reminders.check();
      await reminders.settled();
      return reminders;
    };
    const mayas = tasks.filter((t) => t.assigneeId === MAYA);
    return { clock, server, client, read, shown, state, start, mayas };
  }

  const of = (shown: readonly ReviewReminder[], taskId: string) =>
    shown.filter((e) => e.taskId === taskId).map((e) => e.due);

  it('fires each reminder once: overdue at start, the working day before, the day, then overdue', async () => {
    const w = await world();
    const reminders = await w.start();
    // Already overdue at start: one reminder each, at once. The access review is not due yet.
    const overdueAtStart = w.mayas.filter(
      (t) =>
        t.status !== 'done' &&
        t.status !== 'not_relevant' &&
        t.reviewDate !== null &&
        Date.parse(t.reviewDate) < START,
    );
    expect(overdueAtStart.length).toBeGreaterThan(0);
    for (const t of overdueAtStart) expect(of(w.shown, t.id)).toHaveLength(1);
    expect(of(w.shown, ACCESS_REVIEW)).toEqual([]);
    // One timer, for the next reminder however far ahead.
    expect(w.clock.scheduler.stats().pendingByLabel['review reminders']).toBe(1);

    // Tuesday 08:59 in Berlin: not yet; 09:00: "due tomorrow".
    await w.clock.runUntil(Date.parse('2026-12-01T07:59:00Z'));
    expect(of(w.shown, ACCESS_REVIEW)).toEqual([]);
    await w.clock.runUntil(Date.parse('2026-12-01T08:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);

    // The list read again (a sync round) changes nothing already said.
    await w.read();
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);

    // Flying to New York on Tuesday: the day before is not said again there; the day is said
    // at 09:00 New York time (14:00 UTC), not Berlin's.
    await w.clock.runUntil(Date.parse('2026-12-01T12:00:00Z'));
    w.state.zone = 'America/New_York';
    reminders.check();
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);
    await w.clock.runUntil(Date.parse('2026-12-02T13:00:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);
    await w.clock.runUntil(Date.parse('2026-12-02T14:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow', 'due today']);

    // Across midnight in New York: overdue, once, at 09:00 the next day.
    await w.clock.runUntil(Date.parse('2026-12-03T14:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow', 'due today', '1 day overdue']);
    await w.clock.runUntil(Date.parse('2026-12-06T14:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toHaveLength(3);
    const all = w.shown.length;

    // A restart: nothing is said twice.
    await reminders.dispose();
    const again = await w.start();
    await w.clock.runUntil(w.clock.now() + 48 * HOUR);
    await again.settled();
    expect(w.shown).toHaveLength(all);
    await again.dispose();
  }, 60_000);

  it('a Monday review date is reminded on the Friday before', async () => {
    const w = await world();
    const moved = await w.client.patch(ACCESS_REVIEW, { reviewDate: '2026-12-07T10:00:00Z' });
    expect(moved.ok).toBe(true);
    await w.read();
    const reminders = await w.start();
    await w.clock.runUntil(Date.parse('2026-12-04T07:59:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual([]);
    await w.clock.runUntil(Date.parse('2026-12-04T08:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due Monday']);
    await reminders.dispose();
  }, 60_000);

  it('with the switch off nothing is shown, and turning it on later does not bring back what passed', async () => {
    const w = await world();
    w.state.enabled = false;
    const reminders = await w.start();
    await w.clock.runUntil(Date.parse('2026-12-01T08:01:00Z'));
    await reminders.settled();
    expect(w.shown).toEqual([]);
    w.state.enabled = true;
    reminders.check();
    await reminders.settled();
    expect(w.shown).toEqual([]);
    // What falls due after it is on again is said.
    await w.clock.runUntil(Date.parse('2026-12-02T08:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due today']);
    await reminders.dispose();
  }, 60_000);

  it('a task marked done is not reminded again until its next review', async () => {
    const w = await world();
    const reminders = await w.start();
    await w.clock.runUntil(Date.parse('2026-12-01T08:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);
    // Done on Tuesday: the service sets the next review a quarter on; nothing more this week.
    const done = await w.client.patch(ACCESS_REVIEW, { status: 'done' });
    expect(done.ok && done.value.reviewDate).toBeTruthy();
    await w.read();
    await w.clock.runUntil(Date.parse('2026-12-05T08:01:00Z'));
    await reminders.settled();
    expect(of(w.shown, ACCESS_REVIEW)).toEqual(['due tomorrow']);
    await reminders.dispose();
  }, 60_000);

  it('who the person is not known yet (a start, a session not shown): nothing is forgotten, nothing said twice', async () => {
    const w = await world();
    const reminders = await w.start();
    const first = w.shown.length;
    expect(first).toBeGreaterThan(0);
    w.state.me = null;
    reminders.check();
    await reminders.settled();
    await reminders.dispose();
    // A restart while "me" is still unknown, then known again: the overdue ones were said already.
    const again = await w.start();
    w.state.me = MAYA;
    again.check();
    await again.settled();
    expect(w.shown).toHaveLength(first);
    await again.dispose();
  }, 60_000);
});
