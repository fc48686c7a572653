import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { createTraySync } from '../../../main/app/tray-sync';
import type { TrayMenuActions } from '../../../main/tray/menu';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { MIN, syncWorld } from './sync-world';
import type { SyncWorld } from './sync-world';

const gate = await keychainGate();

const noop = () => undefined;
const actions: TrayMenuActions = {
  setStatus: noop,
  setPriority: noop,
  open: noop,
  openSettings: noop,
  openAssigned: noop,
  captureEvidence: noop,
  newTask: noop,
  switchProfile: noop,
  performUpdate: noop,
  setLaunchAtLogin: noop,
  quit: noop,
  connect: noop,
  setComplianceStatus: noop,
  openComplianceTask: noop,
};

/** Every label of the tray menu, submenus included, as the person would see them. */
const labels = (items: readonly MenuItemConstructorOptions[]): string[] =>
  items.flatMap((i) => [
    ...(i.label ? [i.label] : []),
    ...(Array.isArray(i.submenu) ? labels(i.submenu) : []),
  ]);

/** The tray as index.ts draws it: its menu model is what the last redraw set. */
function trayOf(world: SyncWorld) {
  let menu: MenuItemConstructorOptions[] = [];
  const tooltips: string[] = [];
  const render = createTraySync(
    {
      setMenu: (m) => void (menu = m as MenuItemConstructorOptions[]),
      setIcon: noop,
      setTooltip: (t) => void tooltips.push(t),
    },
    world.core,
    {
      platform: 'linux',
      iconDir: '/icons',
      theme: { shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: false },
      shortcut: () => null,
    },
    actions,
  );
  world.core.onEvent(() => render());
  render();
  return { labels: () => labels(menu), tooltip: () => tooltips.at(-1) ?? '' };
}

const PRIYA = 'mem_n3pri9x1ma';

describe.skipIf(gate.skip)('the background sync (issue 35)', () => {
  const tempDir = useTempDirs('task-tray-sync-');
  const services: string[] = [];
  const worlds: SyncWorld[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.dispose();
    for (const s of services.splice(0)) await removeTestService(s);
  });
  const world = async (opts?: Parameters<typeof syncWorld>[2]) => {
    const service = uniqueTestService();
    services.push(service);
    const w = await syncWorld(await tempDir(), service, opts);
    worlds.push(w);
    return w;
  };

  /** Signed in as Priya with one open task pinned, "Assigned to me" never opened; one round done. */
  async function settledIn(w: SyncWorld) {
    unwrap(await w.clock.during(w.h.call('setMe', { memberId: PRIYA })));
    const open = w.server.taskIds(w.orgId).filter((id) => {
      const t = w.server.getTask(w.orgId, id)!;
      return t.status !== 'done' && t.status !== 'canceled' && t.assigneeId !== PRIYA;
    });
    const [pinned, toAssign] = open as [string, string];
    unwrap(await w.clock.during(w.h.call('pinTask', { ref: pinned })));
    // The build setMe started, and one round: the starting point, with nothing to notify.
    await w.pass(10 * MIN);
    expect(w.core.state().assigned.state).toBe('ready');
    expect(w.shown).toEqual([]);
    return { pinned, toAssign };
  }

  it('a colleague’s changes reach the tray menu, "Assigned to me" and the notifications within one round, popup never opened', async () => {
    const w = await world();
    const tray = trayOf(w);
    const { pinned, toAssign } = await settledIn(w);
    const title = w.server.getTask(w.orgId, pinned)!.title;
    expect(tray.labels().some((l) => l.includes(title) && /In review/.test(l))).toBe(false);

    await w.colleagueChanges(pinned, { status: 'in_review' });
    await w.colleagueChanges(toAssign, { assigneeId: PRIYA });
    await w.pass(2 * MIN);

    expect(w.core.state().tasks.find((t) => t.id === pinned)?.snapshot?.status).toBe('in_review');
    expect(tray.labels().some((l) => l.includes(title))).toBe(true);
    expect(tray.labels().some((l) => /In review/.test(l))).toBe(true);
    const assigned = unwrap(await w.h.call('getAssigned'));
    expect(assigned.tasks.map((t) => t.id)).toContain(toAssign);
    expect(w.shown.map((n) => n.kind).sort()).toEqual(['assigned-to-me', 'changed-by-other']);
    expect(w.shown.find((n) => n.kind === 'assigned-to-me')?.target?.taskId).toBe(toAssign);
    expect(w.shown.find((n) => n.kind === 'changed-by-other')?.target?.taskId).toBe(pinned);

    // Nothing new: the next rounds notify nothing more.
    await w.pass(6 * MIN);
    expect(w.shown).toHaveLength(2);
  }, 60_000);

  it('what the person did here is not notified when the round reads it back', async () => {
    const w = await world();
    const { pinned } = await settledIn(w);
    unwrap(
      await w.clock.during(
        w.h.call('updateTask', { taskId: pinned, patch: { status: 'in_review' } }),
      ),
    );
    await w.pass(4 * MIN);
    expect(w.core.state().tasks.find((t) => t.id === pinned)?.snapshot?.status).toBe('in_review');
    expect(w.shown.filter((n) => n.kind === 'changed-by-other')).toEqual([]);
  }, 60_000);

  it('asks nothing while asleep or locked, and runs one round at once on waking', async () => {
    const w = await world();
    const { pinned } = await settledIn(w);
    w.core.power('suspend');
    const before = w.sent.length;
    await w.pass(60 * MIN);
    expect(w.sent.length).toBe(before);
    expect(w.clock.scheduler.stats().pendingByLabel['background sync']).toBeUndefined();

    await w.colleagueChanges(pinned, { status: 'in_review' });
    w.core.power('lock-screen');
    w.core.power('resume');
    await w.pass(30 * MIN);
    expect(w.sent.length).toBe(before);

    const woke = w.clock.now();
    w.core.power('unlock-screen');
    await w.clock.during(w.core.backgroundSync.settled());
    const caughtUp = w.sent.filter((r) => r.at >= woke);
    expect(caughtUp.length).toBeGreaterThan(0);
    // At once: starting on the clock of the unlock (then as the pacing lets it), not an interval later.
    expect(caughtUp[0]!.at).toBe(woke);
    expect(caughtUp.every((r) => r.at < woke + 2 * MIN)).toBe(true);
    expect(w.core.state().tasks.find((t) => t.id === pinned)?.snapshot?.status).toBe('in_review');
    // The next round is an interval on.
    expect(w.clock.scheduler.stats().pendingByLabel['background sync']).toBe(1);
  }, 60_000);

  it('a lock in the middle of a round stops its reads at once', async () => {
    const w = await world();
    await settledIn(w);
    let lockedAt: number | null = null;
    w.whenSent((s) => {
      // Locked while the round's first read for "Assigned to me" is in flight.
      if (lockedAt !== null || !s.url.includes('assigneeId=')) return;
      lockedAt = w.sent.length;
      w.core.power('lock-screen');
    });
    await w.pass(60 * MIN);
    w.whenSent(null);
    expect(lockedAt).not.toBeNull();
    expect(w.sent.slice(lockedAt!).map((s) => s.route)).toEqual([]);
  }, 60_000);

  it('a change the audit log named whose read failed is read in a later round, and notified', async () => {
    const w = await world({ key: 'appRead' });
    const { toAssign } = await settledIn(w);
    await w.colleagueChanges(toAssign, { assigneeId: PRIYA });
    // The round after: the log names the vendor or risk, but every read of tasks fails.
    w.server.faults.onlyFor = /^GET \/v1\/task-management$/;
    w.server.faults.failNext(500, 50);
    await w.pass(2 * MIN);
    expect(w.shown).toEqual([]);
    w.server.faults.reset();
    await w.pass(4 * MIN);
    const assigned = unwrap(await w.h.call('getAssigned'));
    expect(assigned.tasks.map((t) => t.id)).toContain(toAssign);
    expect(w.shown.map((n) => n.kind)).toContain('assigned-to-me');
  }, 60_000);

  it('while the service answers 500 what is shown goes stale, and a refresh says the check failed', async () => {
    const w = await world();
    await settledIn(w);
    w.server.faults.onlyFor = /^GET \/v1\/task-management$/;
    w.server.faults.failNext(500, 1000);
    await w.pass(7 * MIN);
    expect(w.core.state().freshness).toMatch(/^Checked \d+ min ago$/);
    const asked = unwrap(await w.clock.during(w.h.call('refreshTasks')));
    expect(asked.note).toMatch(/^Checked \d+ min ago — the last check failed$/);
    w.server.faults.reset();
    await w.pass(2 * MIN);
    expect(w.core.state().freshness).toBeNull();
  }, 60_000);

  it('asks the audit log again once the account connects again after it said no', async () => {
    const w = await world();
    await settledIn(w);
    const auditAsked = () => w.sent.filter((s) => s.route === 'GET /v1/audit-logs').length;
    const before = auditAsked();
    await w.pass(6 * MIN);
    // Refused once (no app:read): not asked again this run.
    expect(auditAsked()).toBe(before);
    unwrap(
      await w.clock.during(
        w.h.call('connectApiKey', { baseUrl: w.server.baseUrl, apiKey: w.server.keys.full }),
      ),
    );
    await w.pass(6 * MIN);
    expect(auditAsked()).toBeGreaterThan(before);
  }, 60_000);

  it('asks the audit log again an hour after it said no, not every round', async () => {
    const w = await world();
    await settledIn(w);
    const auditAsked = () => w.sent.filter((s) => s.route === 'GET /v1/audit-logs').length;
    const before = auditAsked();
    await w.pass(50 * MIN);
    expect(auditAsked()).toBe(before);
    await w.pass(14 * MIN);
    expect(auditAsked()).toBe(before + 1);
  }, 60_000);

  it('asks nothing while offline, looks once an interval, and catches up once online', async () => {
    const online = { value: true };
    const w = await world({ online });
    await settledIn(w);
    online.value = false;
    const before = w.sent.length;
    const fired = w.clock.scheduler.stats().firedByLabel['background sync'] ?? 0;
    await w.pass(20 * MIN);
    expect(w.sent.length).toBe(before);
    // No timer more often than the interval (2 minutes): ten looks in twenty minutes at most.
    expect(
      (w.clock.scheduler.stats().firedByLabel['background sync'] ?? 0) - fired,
    ).toBeLessThanOrEqual(10);
    expect(w.core.state().freshness).toMatch(/^Checked \d+ min ago — offline$/);
    online.value = true;
    await w.pass(2 * MIN);
    expect(w.sent.length).toBeGreaterThan(before);
    expect(w.core.state().freshness).toBeNull();
  }, 60_000);

  it('an account switch during a round stops it: nothing of the first account goes out with the other key', async () => {
    const w = await world();
    await settledIn(w);
    const first = w.core.state().account;
    const firstId = first.state === 'connected' ? first.profile.id : '';
    const other = unwrap(
      await w.clock.during(
        w.h.call('connectApiKey', { baseUrl: w.server.baseUrl, apiKey: w.server.keys.otherOrg }),
      ),
    );
    const otherId = other.state === 'connected' ? other.profile.id : '';
    unwrap(await w.clock.during(w.h.call('setMe', { memberId: 'mem_a1luc5f0zr' })));
    await w.pass(3 * MIN);
    unwrap(await w.clock.during(w.h.call('switchProfile', { profileId: firstId })));
    await w.pass(10 * MIN);

    // The first account's ids: none may be asked for with the other organization's key.
    const firstIds = w.server.taskIds(w.orgId).flatMap((id) => {
      const t = w.server.getTask(w.orgId, id)!;
      return [id, ...(t.entityId ? [t.entityId] : [])];
    });
    let switching: Promise<unknown> | null = null;
    const from = w.sent.length;
    w.whenSent((s) => {
      if (switching || s.apiKey !== w.server.keys.full) return;
      // Switched while the round's first read is in flight.
      switching = w.h.call('switchProfile', { profileId: otherId });
    });
    await w.pass(2 * MIN);
    w.whenSent(null);
    expect(switching).not.toBeNull();
    await w.clock.during(switching!);
    const foreign = w.sent
      .slice(from)
      .filter(
        (s) => s.apiKey === w.server.keys.otherOrg && firstIds.some((id) => s.url.includes(id)),
      );
    expect(foreign.map((s) => s.route)).toEqual([]);
  }, 60_000);

  it('with "only when I open Task Tray" no timer is set and nothing is read until the popup asks', async () => {
    const w = await world();
    await settledIn(w);
    unwrap(await w.clock.during(w.h.call('setSettings', { syncInterval: 'on-open' })));
    // A round the clock reached while the setting was saved ends first.
    await w.clock.during(w.core.backgroundSync.settled());
    const before = w.sent.length;
    await w.pass(60 * MIN);
    expect(w.sent.length).toBe(before);
    expect(w.clock.scheduler.stats().pendingByLabel['background sync']).toBeUndefined();
    const first = unwrap(await w.clock.during(w.h.call('refreshTasks')));
    expect(first.note).toBeNull();
    expect(w.sent.length).toBeGreaterThan(before);
    // Asked again at once: said, not silently skipped.
    await w.clock.runUntil(w.clock.now() + 8_000);
    const again = unwrap(await w.clock.during(w.h.call('refreshTasks')));
    expect(again.note).toBe('Checked 8 s ago');
  }, 60_000);
});
