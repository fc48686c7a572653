import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { MIN, syncWorld } from './sync-world';
import type { Sent, SyncWorld } from './sync-world';

const gate = await keychainGate();

const PRIYA = 'mem_n3pri9x1ma';
const LUCIA = 'mem_a1luc5f0zr';

/** The busiest minute of any one route, over these requests. */
function busiestMinute(sent: readonly Sent[]): number {
  const perMinute = new Map<string, number>();
  for (const s of sent) {
    const k = `${s.route}@${Math.floor(s.at / MIN)}`;
    perMinute.set(k, (perMinute.get(k) ?? 0) + 1);
  }
  return Math.max(0, ...perMinute.values());
}

describe.skipIf(gate.skip)('every account signed in is kept current (issue 35)', () => {
  const tempDir = useTempDirs('task-tray-every-');
  const services: string[] = [];
  const worlds: SyncWorld[] = [];
  const servers: DemoServer[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.dispose();
    for (const s of servers.splice(0)) await s.close();
    for (const s of services.splice(0)) await removeTestService(s);
  });

  /**
   * Northwind (as Priya, one open task pinned) signed in, then Acme (as
   * Lucía) connected and shown; both settled, nothing notified yet.
   */
  async function twoAccounts(
    acmeAt?: (w: SyncWorld) => Promise<{ baseUrl: string; apiKey: string }>,
  ) {
    const service = uniqueTestService();
    services.push(service);
    const dir = await tempDir();
    const w = await syncWorld(dir, service);
    worlds.push(w);
    unwrap(await w.clock.during(w.h.call('setMe', { memberId: PRIYA })));
    const open = w.server.taskIds(w.orgId).filter((id) => {
      const t = w.server.getTask(w.orgId, id)!;
      return t.status !== 'done' && t.status !== 'canceled' && t.assigneeId !== PRIYA;
    });
    const [pinned, toAssign] = open as [string, string];
    unwrap(await w.clock.during(w.h.call('pinTask', { ref: pinned })));
    await w.pass(10 * MIN);
    const north = w.core.state().account;
    const northId = north.state === 'connected' ? north.profile.id : '';
    const acmeKey = acmeAt
      ? await acmeAt(w)
      : { baseUrl: w.server.baseUrl, apiKey: w.server.keys.otherOrg };
    const acme = unwrap(await w.clock.during(w.h.call('connectApiKey', acmeKey)));
    const acmeId = acme.state === 'connected' ? acme.profile.id : '';
    unwrap(await w.clock.during(w.h.call('setMe', { memberId: LUCIA })));
    await w.pass(10 * MIN);
    expect(w.core.state().account).toMatchObject({ profile: { id: acmeId } });
    expect(w.shown).toEqual([]);
    const northName = north.state === 'connected' ? north.profile.name : '';
    return { w, dir, pinned, toAssign, northId, acmeId, northName };
  }

  /** What the settings file keeps of one account's pin (what the tray shows once it is shown). */
  async function keptPin(dir: string, profileId: string, taskId: string) {
    const settings = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as {
      pinned: { profileId: string; taskId: string; snapshot: { status: string } | null }[];
    };
    return settings.pinned.find((p) => p.profileId === profileId && p.taskId === taskId);
  }

  it('an account not shown keeps its pins and "Assigned to me" current, and notifies once of each, naming it', async () => {
    const { w, dir, pinned, toAssign, northId, northName } = await twoAccounts();
    expect((await keptPin(dir, northId, pinned))?.snapshot?.status).not.toBe('in_review');

    await w.colleagueChanges(pinned, { status: 'in_review' });
    await w.colleagueChanges(toAssign, { assigneeId: PRIYA });
    const from = w.sent.length;
    await w.pass(2 * MIN);

    expect((await keptPin(dir, northId, pinned))?.snapshot?.status).toBe('in_review');
    const kept = await readFile(join(dir, 'assigned.json'), 'utf8');
    expect(kept).toContain(toAssign);
    expect(w.shown.map((n) => n.kind).sort()).toEqual(['assigned-to-me', 'changed-by-other']);
    for (const n of w.shown) {
      expect(n.target?.profileId).toBe(northId);
      expect(`${n.title} ${n.body}`).toContain(northName);
    }
    expect(w.shown.find((n) => n.kind === 'assigned-to-me')?.target?.taskId).toBe(toAssign);
    // Northwind's reads went with Northwind's key; nothing of it with Acme's.
    const round = w.sent.slice(from);
    expect(round.some((s) => s.apiKey === w.server.keys.full)).toBe(true);
    expect(
      round.filter((s) => s.apiKey === w.server.keys.otherOrg && s.url.includes(pinned)),
    ).toEqual([]);

    // Nothing new: later rounds notify nothing more.
    await w.pass(6 * MIN);
    expect(w.shown).toHaveLength(2);
  }, 90_000);

  it('switching to it shows what is current before any read of the switch', async () => {
    const { w, pinned, northId } = await twoAccounts();
    await w.colleagueChanges(pinned, { status: 'in_review' });
    await w.pass(2 * MIN);

    let atFirstRead: string | null | undefined;
    w.whenSent((s) => {
      if (atFirstRead === undefined && s.apiKey === w.server.keys.full)
        atFirstRead = w.core.state().tasks.find((t) => t.id === pinned)?.snapshot?.status ?? null;
    });
    unwrap(await w.clock.during(w.h.call('switchProfile', { profileId: northId })));
    w.whenSent(null);
    // Shown from what its own rounds kept, then confirmed by the switch's read.
    expect(w.core.state().tasks.find((t) => t.id === pinned)?.snapshot?.status).toBe('in_review');
    expect(atFirstRead).toBe('in_review');
    expect(w.shown).toHaveLength(1);
  }, 90_000);

  it('removing an account not shown: no request goes out with its key after', async () => {
    const { w, pinned, northId } = await twoAccounts();
    unwrap(await w.clock.during(w.h.call('removeProfile', { profileId: northId })));
    const from = w.sent.length;
    await w.colleagueChanges(pinned, { status: 'in_review' });
    await w.pass(30 * MIN);
    expect(w.sent.slice(from).filter((s) => s.apiKey === w.server.keys.full)).toEqual([]);
    // The account shown still has its rounds.
    expect(w.sent.slice(from).some((s) => s.apiKey === w.server.keys.otherOrg)).toBe(true);
    expect(w.shown).toEqual([]);
  }, 90_000);

  it('two accounts at one address share its one background budget for hours', async () => {
    const { w } = await twoAccounts();
    const from = w.sent.length;
    const start = w.clock.now();
    const tasks = w.server.taskIds(w.orgId);
    for (let minutes = 0; minutes < 6 * 60; minutes += 5) {
      // A change elsewhere every 5 minutes, to Northwind's tasks.
      const id = tasks[(minutes / 5) % tasks.length]!;
      await w.colleagueChanges(id, { priority: (minutes / 5) % 2 === 0 ? 'high' : 'low' });
      await w.pass(5 * MIN - 3_000);
    }
    const hours = (w.clock.now() - start) / (60 * MIN);
    const sent = w.sent.slice(from);
    const byKey = (key: string) => sent.filter((s) => s.apiKey === key).length / hours;
    process.stdout.write(
      `two accounts at one address, ${hours.toFixed(1)} h: Northwind ${byKey(w.server.keys.full).toFixed(1)} req/h, ` +
        `Acme ${byKey(w.server.keys.otherOrg).toFixed(1)} req/h, busiest route-minute ${busiestMinute(sent)}\n`,
    );
    expect(byKey(w.server.keys.full)).toBeGreaterThan(0);
    expect(byKey(w.server.keys.otherOrg)).toBeGreaterThan(0);
    expect(busiestMinute(sent)).toBeLessThanOrEqual(20);
    expect(w.statuses.filter((s) => s === 429)).toEqual([]);
  }, 240_000);

  it('accounts at two addresses are each read every round, each within its own budget', async () => {
    let second: DemoServer | null = null;
    const { w } = await twoAccounts(async (world) => {
      const started = await startDemoServer({
        rateLimit: false,
        clock: () => new Date(world.clock.now()),
      });
      servers.push(started);
      second = started;
      return { baseUrl: started.baseUrl, apiKey: started.keys.otherOrg };
    });
    const other = second as DemoServer | null;
    if (!other) throw new Error('The second service did not start');
    const from = w.sent.length;
    await w.pass(2 * MIN);
    const round = w.sent.slice(from);
    const at = (server: DemoServer) => round.filter((s) => s.url.startsWith(server.baseUrl));
    expect(at(w.server).some((s) => s.apiKey === w.server.keys.full)).toBe(true);
    expect(at(other).some((s) => s.apiKey === other.keys.otherOrg)).toBe(true);
    expect(busiestMinute(at(w.server))).toBeLessThanOrEqual(20);
    expect(busiestMinute(at(other))).toBeLessThanOrEqual(20);
  }, 90_000);
});
