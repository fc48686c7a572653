import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../common/channels';
import {
  DEFAULT_CAPTURE_SHORTCUT,
  DEFAULT_NEW_TASK_SHORTCUT,
  DEFAULT_SHORTCUT,
} from '../../../common/shortcut';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { RENDERER_CSP } from '../../../main/window/csp';
import type { StandInBrowserWindow } from '../../electron-stand-in/browser-window';
import { keychainGate } from '../../helpers/keychain';
import { useTempDirs } from '../../helpers/temp-dir';
import type { Boot } from './boot-harness';
import { bootApp, removeProfileSecrets, until } from './boot-harness';

const gate = await keychainGate();

/** Calls that act on the OS or the person's files: none may come before the lock. */
const ACTING = [
  'app.setAsDefaultProtocolClient',
  'app.whenReady',
  'app.setLoginItemSettings',
  'protocol.handle',
  'ipcMain.handle',
  'Tray.new',
  'BrowserWindow.new',
  'Notification.new',
  'globalShortcut.register',
];

describe.skipIf(gate.skip)('the built app, first start', () => {
  const tempDir = useTempDirs('task-tray-boot-');
  let server: DemoServer;
  let boot: Boot | null = null;
  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    if (!boot) return;
    if (!boot.standIn.app.exited) await boot.quit();
    boot.unload();
    await removeProfileSecrets(boot.userData);
    boot = null;
  });

  const start = async () => {
    boot = await bootApp(await tempDir());
    await boot.ready();
    return boot;
  };
  const popup = (b: Boot): StandInBrowserWindow => {
    const win = b.standIn.windows[0];
    if (!win) throw new Error('No popup window was made.');
    return win;
  };

  it('takes the single-instance lock before it acts, and privileges app:// before ready', async () => {
    const { rec } = await start();
    const lock = rec.first('app.requestSingleInstanceLock');
    expect(rec.first('app.setPath', 'userData')).toBeLessThan(lock);
    expect(lock).toBeGreaterThan(-1);
    // electron-log's own channel, opened as it loads and closed again by the app, aside.
    rec.calls.forEach(({ part, method, args }, at) => {
      const name = `${part}.${method}`;
      if (ACTING.includes(name) && args[0] !== '__ELECTRON_LOG__')
        expect(at, `${name} comes after the lock`).toBeGreaterThan(lock);
    });
    expect(rec.first('app.setAsDefaultProtocolClient')).toBeGreaterThan(-1);
    const ready = rec.first('test.ready');
    const privileged = rec.first('protocol.registerSchemesAsPrivileged');
    expect(privileged).toBeGreaterThan(-1);
    expect(privileged).toBeLessThan(ready);
    expect(rec.calls[privileged]!.args[0]).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false }),
      }),
    ]);
    // Every webContents is hardened from its creation: the listener is there before ready.
    expect(rec.first('app.on', 'web-contents-created')).toBeLessThan(ready);
    // The bundle is served only once ready, as Electron requires.
    expect(rec.first('protocol.handle', 'app')).toBeGreaterThan(ready);
  });

  it('opens the popup hardened, on its own bundle with the CSP header', async () => {
    const b = await start();
    const win = popup(b);
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    const preload = win.options.webPreferences?.preload ?? '';
    expect(preload).toMatch(/out[/\\]preload[/\\]index\.js$/);
    expect(existsSync(preload)).toBe(true);
    await until(() => win.webContents.loaded !== null, 'the popup page');
    expect(win.webContents.loaded?.url).toBe('app://bundle/index.html');
    expect(win.webContents.loaded?.status).toBe(200);
    expect(win.webContents.loaded?.headers.get('content-security-policy')).toBe(RENDERER_CSP);
  });

  it('guards navigation, new windows and permissions of the popup', async () => {
    const b = await start();
    const { webContents } = popup(b);
    expect(webContents.tryNavigate('app://bundle/index.html', 'will-navigate')).toBe(true);
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect'] as const)
      expect(webContents.tryNavigate('https://evil.example/', event)).toBe(false);
    const opened = webContents.windowOpenHandler?.({ url: 'https://example.com/' } as never);
    expect(opened).toEqual({ action: 'deny' });
    // Opened once its name is looked up (never a local address: external/open-external.ts).
    await until(() => b.rec.all('shell.openExternal').length > 0, 'the link to open', 3_000);
    expect(b.rec.all('shell.openExternal').map((c) => c.args[0])).toEqual(['https://example.com/']);
    const session = webContents.session;
    let granted: boolean | undefined;
    session.permissionRequest?.(webContents as never, 'media', (g) => (granted = g), {} as never);
    expect(granted).toBe(false);
    expect(session.permissionCheck?.(null, 'notifications', '', {} as never)).toBe(false);
  });

  it('handles every channel of the contract and nothing else, with a tray, its menu and the shortcut', async () => {
    const b = await start();
    expect([...b.standIn.ipcMain.handlers.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
    expect(b.standIn.ipcMain.listenerCount('__ELECTRON_LOG__')).toBe(0);
    const [tray] = b.standIn.trays;
    const labels = (tray?.menu?.items ?? []).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['Open Task Tray', 'Quit Task Tray']));
    // The popup's, the quick entry's and the capture's.
    expect(b.rec.all('globalShortcut.register').map((c) => c.args[0])).toEqual([
      DEFAULT_SHORTCUT,
      DEFAULT_NEW_TASK_SHORTCUT,
      DEFAULT_CAPTURE_SHORTCUT,
    ]);
    // Signed out at a first start: the popup opens to connect.
    expect(popup(b).isVisible()).toBe(true);
  });

  it('opens the popup on the task a tasktray:// link in a second instance names', async () => {
    const b = await start();
    const connected = await b.call('connectApiKey', {
      baseUrl: server.baseUrl,
      apiKey: server.keys.full,
    });
    expect(connected.ok).toBe(true);
    const org = server.organizations[0]!;
    const taskId = server.taskIds(org.id)[0]!;
    popup(b).hide();
    b.standIn.app.emit(
      'second-instance',
      {},
      ['/opt/Task Tray/task-tray', `tasktray://task/${taskId}`],
      '/',
    );
    await until(
      () => b.rec.all('webContents.send').some((c) => c.args[0] === 'view:open'),
      'view:open',
    );
    const open = b.rec.all('webContents.send').find((c) => c.args[0] === 'view:open');
    expect(open?.args[1]).toEqual({ screen: 'tasks', taskId });
    expect(popup(b).isVisible()).toBe(true);
    expect((await b.call('listTasks')).ok && (await b.call('listTasks'))).toMatchObject({
      value: [{ id: taskId }],
    });
  });

  it('"Capture evidence…" in the tray opens the chooser; a capture steps the popup aside', async () => {
    const b = await start();
    await b.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full });
    popup(b).hide();
    const [tray] = b.standIn.trays;
    await until(
      () => (tray?.menu?.items ?? []).some((i) => i.label === 'Capture evidence…'),
      'the capture item',
    );
    const item = tray!.menu!.items.find((i) => i.label === 'Capture evidence…')!;
    (item.click as () => void)();
    await until(
      () => b.rec.all('webContents.send').some((c) => c.args[0] === 'view:open'),
      'view:open',
    );
    const open = b.rec.all('webContents.send').find((c) => c.args[0] === 'view:open');
    expect(open?.args[1]).toEqual({ screen: 'capture' });
    expect(popup(b).isVisible()).toBe(true);

    const choices = await b.call('getCaptureChoices');
    expect(choices).toMatchObject({
      ok: true,
      value: { kind: 'sources', screens: [{ id: 'screen:1:0' }], windows: [{ id: 'window:7:0' }] },
    });
    const before = b.rec.all('BrowserWindow.hide').length;
    const taken = await b.call('takeCapture', { sourceId: 'screen:1:0' });
    expect(taken).toMatchObject({ ok: true, value: { width: 1920, height: 1080 } });
    // Out of the picture while the screen is read, back to show the capture.
    expect(b.rec.all('BrowserWindow.hide').length).toBe(before + 1);
    expect(popup(b).isVisible()).toBe(true);
  });

  it('on quit lets go of everything: no timer left, the shortcut released, the waiting change on disk', async () => {
    const b = await start();
    await b.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full });
    const taskId = server.taskIds(server.organizations[0]!.id)[1]!;
    await b.call('pinTask', { ref: taskId });
    server.faults.onlyFor = /^PUT /;
    server.faults.failNext(503, 50);
    const changed = await b.call('updateTask', { taskId, patch: { status: 'in_review' } });
    expect(changed.ok).toBe(true);
    expect(await b.quit()).toBe(true);
    // What is on disk when Electron exits, right after its quit events.
    const outbox = await readFile(join(b.userData, 'outbox.json'), 'utf8');
    expect(outbox).toContain(taskId);
    expect(outbox).toContain('in_review');
    expect(b.rec.all('globalShortcut.unregister').map((c) => c.args[0])).toEqual([
      DEFAULT_SHORTCUT,
      DEFAULT_NEW_TASK_SHORTCUT,
      DEFAULT_CAPTURE_SHORTCUT,
    ]);
    // Quitting waited for the core's disposal: nothing of it is left running.
    expect(b.timers.pending()).toEqual([]);
    server.faults.reset();
  });
});
