import { afterEach, describe, expect, it } from 'vitest';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { MIN, syncWorld } from '../sync/sync-world';
import type { SyncWorld } from '../sync/sync-world';
import { changedElsewhere } from './compliance-world';

const gate = await keychainGate();

/** The background sync's rounds keep the shown account's compliance tasks current, cheaply. */
describe.skipIf(gate.skip)('compliance tasks in the background sync', () => {
  const tempDir = useTempDirs('task-tray-compliance-sync-');
  const services: string[] = [];
  const worlds: SyncWorld[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.dispose();
    for (const s of services.splice(0)) await removeTestService(s);
  });

  it('each round asks once (a 304 when unchanged), and a change elsewhere lands in one round', async () => {
    const service = uniqueTestService();
    services.push(service);
    const w = await syncWorld(await tempDir(), service);
    worlds.push(w);
    const status = unwrap(await w.h.call('getAccount'));
    const profileId = status.state === 'connected' ? status.profile.id : '';
    const listReads = () => w.sent.filter((s) => s.route === 'GET /v1/tasks');
    // The round at connect read the list.
    await w.clock.during(w.core.backgroundSync.settled());
    expect(listReads()).toHaveLength(1);
    expect(w.core.compliance.list(profileId)?.tasks).toHaveLength(7);
    const told: string[] = [];
    w.core.compliance.on((id) => told.push(id));

    await w.pass(2 * MIN);
    expect(listReads()).toHaveLength(2);
    expect(told).toEqual([]);

    await changedElsewhere(w.server, 'tsk_n4tabletop2exercise', { status: 'in_progress' });
    await w.pass(2 * MIN);
    expect(listReads()).toHaveLength(3);
    const task = w.core.compliance
      .list(profileId)
      ?.tasks.find((t) => t.id === 'tsk_n4tabletop2exercise');
    expect(task?.status).toBe('in_progress');
    expect(told).toEqual([profileId]);
    // The options were read once, at connect.
    expect(w.sent.filter((s) => s.route === 'GET /v1/tasks/options')).toHaveLength(1);
  });
});
