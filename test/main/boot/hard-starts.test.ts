import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { keychainGate } from '../../helpers/keychain';
import { useTempDirs } from '../../helpers/temp-dir';
import type { Boot, BootOptions } from './boot-harness';
import { bootApp, removeProfileSecrets, until } from './boot-harness';

const gate = await keychainGate();

describe.skipIf(gate.skip)('the built app, starting again and starting hard', () => {
  const tempDir = useTempDirs('task-tray-boot-');
  let server: DemoServer;
  const boots: Boot[] = [];
  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    server.faults.reset();
    for (const b of boots.splice(0)) {
      if (!b.standIn.app.exited) await b.quit();
      b.unload();
      await removeProfileSecrets(b.userData);
    }
  });

  const start = async (home: string, options: BootOptions = {}) => {
    const b = await bootApp(home, options);
    boots.push(b);
    await b.ready();
    return b;
  };
  const org = () => server.organizations[0]!;

  /**
   * A first run that connects, pins two tasks, changes one while the service
   * refuses it (so it waits), pins a third and quits at once.
   */
  async function firstRunWithWaitingChange(home: string, slot: number) {
    const first = await start(home);
    expect(
      (await first.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full })).ok,
    ).toBe(true);
    const pinned = server.taskIds(org().id).slice(2 + 3 * slot, 5 + 3 * slot);
    const [a, b, last] = pinned as [string, string, string];
    await first.call('pinTask', { ref: a });
    await first.call('pinTask', { ref: b });
    server.faults.onlyFor = /^PUT /;
    server.faults.failNext(503, 100);
    const status = server.getTask(org().id, b)!.status === 'done' ? 'in_review' : 'done';
    expect((await first.call('updateTask', { taskId: b, patch: { status } })).ok).toBe(true);
    // Its row is still being written when the quit comes: the app waits for it to finish.
    await first.call('pinTask', { ref: last });
    expect(await first.quitAndWatch()).toEqual([]);
    first.unload();
    boots.splice(boots.indexOf(first), 1);
    server.faults.reset();
    return { first, pinned, changed: b, status };
  }

  it('starts again in the same folder: the pins come back and the waiting change is sent', async () => {
    const home = await tempDir();
    const { pinned, changed, status } = await firstRunWithWaitingChange(home, 0);
    expect(server.getTask(org().id, changed)!.status).not.toBe(status);
    const again = await start(home);
    const account = await again.call('getAccount');
    expect(account).toMatchObject({ value: { state: 'connected' } });
    const list = await again.call('listTasks');
    expect(list.ok && list.value.map((t) => t.id)).toEqual(pinned);
    await until(() => server.getTask(org().id, changed)!.status === status, 'the change to land');
    // A second start is quiet: the popup stays hidden.
    expect(again.standIn.windows[0]?.isVisible()).toBe(false);
  });

  it('starts offline, says so, and sends the waiting change once the network is back', async () => {
    const home = await tempDir();
    const { pinned, changed, status } = await firstRunWithWaitingChange(home, 1);
    const offline = await start(home, { online: false });
    const list = await offline.call('listTasks');
    expect(list.ok && list.value.map((t) => t.id)).toEqual(pinned);
    const connection = await offline.call('getConnection');
    expect(connection.ok && connection.value).toMatchObject({ pendingChanges: 1 });
    expect(connection.ok && connection.value.message).toMatch(/\S/);
    expect(server.getTask(org().id, changed)!.status).not.toBe(status);
    offline.standIn.setOnline(true);
    await offline.call('retrySync');
    await until(() => server.getTask(org().id, changed)!.status === status, 'the change to land');
  });

  it('starts with a damaged settings file: keeps it aside, says so, and runs on defaults', async () => {
    const home = await tempDir();
    const damaged = '{"version":1,"profiles":[{"id":"x"'; // cut off mid-write
    const b = await start(home, { files: { 'settings.json': damaged } });
    const account = await b.call('getAccount');
    expect(account.ok && account.value.state).toBe('signed-out');
    const kept = (await readdir(b.userData)).filter(
      (n) => n.startsWith('settings') && n !== 'settings.json',
    );
    expect(kept.length).toBeGreaterThan(0);
    const copies = await Promise.all(kept.map((n) => readFile(join(b.userData, n), 'utf8')));
    expect(copies).toContain(damaged);
    expect(account.ok && account.value.problem?.message).toMatch(/settings/i);
    expect(b.standIn.trays).toHaveLength(1);
  });

  it('starts with the keychain unavailable: says what to install, and loses nothing', async () => {
    const home = await tempDir();
    const { status } = await firstRunWithWaitingChange(home, 2);
    const settingsBefore = await readFile(
      join(home, 'config', 'Task Tray (development)', 'settings.json'),
      'utf8',
    );
    const b = await start(home, { keytar: 'missing' });
    const account = await b.call('getAccount');
    expect(account.ok && account.value.problem?.message).toMatch(/keyring|keychain/i);
    expect(await b.quit()).toBe(true);
    const outbox = await readFile(join(b.userData, 'outbox.json'), 'utf8');
    expect(outbox).toContain(status);
    const settingsAfter = await readFile(join(b.userData, 'settings.json'), 'utf8');
    expect(JSON.parse(settingsAfter)).toMatchObject({
      profiles: JSON.parse(settingsBefore).profiles,
      pinned: JSON.parse(settingsBefore).pinned,
    });
  });

  it('a second instance quits without registering, serving or showing anything', async () => {
    const b = await bootApp(await tempDir(), { lockGranted: false });
    boots.push(b);
    b.standIn.app.becomeReady();
    await new Promise((r) => setTimeout(r, 20));
    expect(b.rec.names()).toContain('app.quit');
    for (const name of [
      'app.setAsDefaultProtocolClient',
      'protocol.handle',
      'Tray.new',
      'BrowserWindow.new',
      'globalShortcut.register',
    ])
      expect(b.rec.first(name), name).toBe(-1);
    // Only electron-log's, opened as it loads; no window will ever ask it.
    expect([...b.standIn.ipcMain.handlers.keys()]).toEqual(['__ELECTRON_LOG__']);
  });
});
