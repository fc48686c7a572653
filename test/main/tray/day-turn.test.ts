import { describe, expect, it } from 'vitest';
import { createSteppedClock } from '../../../scripts/bench/stepped-clock';
import type { ComplianceTask } from '../../../common/compliance-task';
import { createAppDeadlines } from '../../../main/app/deadlines-wiring';
import type { AppDeadlinesDeps } from '../../../main/app/deadlines-wiring';
import { createLogger } from '../../../main/log/logger';
import { createDayTurn } from '../../../main/tray/day-turn';
import { useTempDirs } from '../../helpers/temp-dir';

/** The tray's deadline lines at local midnight: one timer, on a virtual clock, in a time zone. */

const settle = () => new Promise<void>((r) => setTimeout(r, 0));
// Monday 30 Nov 2026, 23:30 in Berlin.
const LATE = Date.parse('2026-11-30T22:30:00Z');

/** The app's deadlines over one kept task, "me" = mem_me, shown account p1, in Berlin. */
async function deadlinesOver(
  userDataDir: string,
  clock: ReturnType<typeof createSteppedClock>,
  task: ComplianceTask,
  pinned: () => readonly string[] = () => [],
) {
  return createAppDeadlines({
    userDataDir,
    kept: { list: () => ({ tasks: [task] }), on: () => () => undefined },
    accounts: { active: () => ({ profile: { id: 'p1' } }), signedInIds: () => ['p1'] },
    profiles: { saved: () => undefined },
    assigned: { meOf: () => 'mem_me' },
    notifications: { remind: () => undefined },
    settings: { get: () => ({ notifications: { enabled: false, reminders: false } }) },
    scheduler: clock.scheduler,
    log: createLogger(
      () => undefined,
      () => [],
    ),
    timeZone: () => 'Europe/Berlin',
    pinned,
  } as unknown as AppDeadlinesDeps);
}

describe('the day turn (local midnight)', () => {
  it('fires once at local midnight, then waits for the next one; never a poll', async () => {
    const clock = createSteppedClock(settle, LATE);
    const turns: number[] = [];
    const turn = createDayTurn({
      scheduler: clock.scheduler,
      timeZone: () => 'Europe/Berlin',
      needed: () => true,
      onTurn: () => void turns.push(clock.now()),
    });
    turn.arm();
    turn.arm();
    expect(clock.scheduler.stats().pendingByLabel).toEqual({ 'day turn': 1 });
    await clock.runUntil(LATE + 2 * 86_400_000);
    expect(turns.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-01T23:00:00.000Z',
    ]);
    expect(clock.scheduler.stats().firedByLabel['day turn']).toBe(2);
    turn.dispose();
    expect(clock.scheduler.stats().pending).toBe(0);
  });

  it('follows a time zone change and a 23-hour day; no timer when nothing depends on the day', async () => {
    // Saturday 28 March 2026, noon UTC: Berlin's clocks go forward that night.
    const clock = createSteppedClock(settle, Date.parse('2026-03-28T12:00:00Z'));
    let zone = 'Europe/Berlin';
    let needed = true;
    const turns: string[] = [];
    const turn = createDayTurn({
      scheduler: clock.scheduler,
      timeZone: () => zone,
      needed: () => needed,
      onTurn: () => void turns.push(new Date(clock.now()).toISOString()),
    });
    turn.arm();
    await clock.runUntil(Date.parse('2026-03-30T00:00:00Z'));
    // Midnight on the 29th at +01:00, on the 30th at +02:00 (the day between had 23 hours).
    expect(turns).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    zone = 'America/New_York';
    turn.arm();
    await clock.runUntil(Date.parse('2026-03-31T00:00:00Z'));
    expect(turns.at(-1)).toBe('2026-03-30T04:00:00.000Z');
    needed = false;
    turn.arm();
    expect(clock.scheduler.stats().pending).toBe(0);
  });
});

describe('the tray deadlines across midnight', () => {
  const tempDir = useTempDirs('task-tray-day-turn-');

  it('says "1 due today" after midnight, told once, with no list read or event between', async () => {
    const clock = createSteppedClock(settle, LATE);
    // Due Tuesday 1 Dec, 15:00 in Berlin: tomorrow at 23:30, today after midnight.
    const task = {
      id: 'tsk_a1',
      title: 'Access review',
      status: 'todo',
      reviewDate: '2026-12-01T14:00:00.000Z',
      assigneeId: 'mem_me',
    } as ComplianceTask;
    const deadlines = await deadlinesOver(await tempDir(), clock, task);
    let told = 0;
    deadlines.onDayTurned(() => void (told += 1));
    await deadlines.start();
    expect(deadlines.tray()?.summary).toBeNull();
    expect(clock.scheduler.stats().pendingByLabel['day turn']).toBe(1);
    await clock.runUntil(LATE + 31 * 60_000);
    expect(told).toBe(1);
    expect(deadlines.tray()).toMatchObject({
      summary: '1 due today',
      tasks: [{ id: 'tsk_a1', due: 'due today' }],
    });
    await deadlines.dispose();
    expect(clock.scheduler.stats().pending).toBe(0);
  });

  it("someone else's task pinned with a review date arms midnight too (My work shows its due words)", async () => {
    const clock = createSteppedClock(settle, LATE);
    const task = {
      id: 'tsk_b2',
      title: 'Vendor review',
      status: 'todo',
      reviewDate: '2026-12-01T14:00:00.000Z',
      assigneeId: 'mem_priya',
    } as ComplianceTask;
    let pinned: string[] = [];
    const deadlines = await deadlinesOver(await tempDir(), clock, task, () => pinned);
    let told = 0;
    deadlines.onDayTurned(() => void (told += 1));
    await deadlines.start();
    // Not the person's, not pinned: nothing depends on the day.
    expect(clock.scheduler.stats().pendingByLabel['day turn']).toBeUndefined();
    pinned = ['tsk_b2'];
    deadlines.pinsChanged();
    expect(clock.scheduler.stats().pendingByLabel['day turn']).toBe(1);
    await clock.runUntil(LATE + 31 * 60_000);
    expect(told).toBe(1);
    await deadlines.dispose();
  });
});
