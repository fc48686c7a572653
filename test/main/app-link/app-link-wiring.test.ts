import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../common/result';
import type { TaskRef } from '../../../common/task-ref';
import { wireAppLinks } from '../../../main/app-link/app-link-wiring';
import type { AppLinkHost } from '../../../main/app-link/app-link-wiring';

/**
 * Electron cannot run here; this stand-in for its `app` emits the same events with the
 * same arguments ('open-url' on macOS, 'second-instance' on Windows/Linux) and lets the
 * test decide when the app becomes ready.
 */
function fakeApp() {
  const events = new EventEmitter();
  const registrations: Array<{ protocol: string; path?: string; args?: string[] }> = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (markReady = r));
  const host: AppLinkHost = {
    setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]) {
      registrations.push({ protocol, ...(path ? { path } : {}), ...(args ? { args } : {}) });
      return true;
    },
    on(event: string, listener: (...a: never[]) => void) {
      events.on(event, listener as (...a: unknown[]) => void);
      return host;
    },
    whenReady: () => ready,
  };
  return { host, events, registrations, markReady };
}

const packaged = {
  platform: 'linux',
  argv: ['/opt/Task Tray/task-tray'],
  execPath: '/opt/Task Tray/task-tray',
  defaultApp: false,
  env: {},
} as const;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('wireAppLinks', () => {
  it('registers the app as the tasktray:// handler', () => {
    const app = fakeApp();
    expect(wireAppLinks(app.host, packaged, () => undefined)).toEqual({ registered: true });
    expect(app.registrations).toEqual([{ protocol: 'tasktray' }]);
  });

  it('in development, registers Electron with the app folder so the OS starts the app', () => {
    const app = fakeApp();
    wireAppLinks(
      app.host,
      {
        platform: 'linux',
        argv: ['/dev/electron', '.'],
        execPath: '/dev/electron',
        defaultApp: true,
        env: {},
      },
      () => undefined,
    );
    expect(app.registrations).toEqual([
      { protocol: 'tasktray', path: '/dev/electron', args: [resolve('.')] },
    ]);
  });

  it('from the portable Windows build, registers the portable .exe, not its temporary copy', () => {
    const app = fakeApp();
    const portableExe = 'D:\\Tools\\Task Tray-Portable-0.1.0-x64.exe';
    wireAppLinks(
      app.host,
      {
        platform: 'win32',
        // The portable launcher runs the app from a folder it deletes on exit.
        argv: ['C:\\Users\\ana\\AppData\\Local\\Temp\\2kB9x\\Task Tray.exe'],
        execPath: 'C:\\Users\\ana\\AppData\\Local\\Temp\\2kB9x\\Task Tray.exe',
        defaultApp: false,
        env: { PORTABLE_EXECUTABLE_FILE: portableExe },
      },
      () => undefined,
    );
    expect(app.registrations).toEqual([{ protocol: 'tasktray', path: portableExe, args: [] }]);
  });

  it('from the installed Windows build, registers itself (Electron default)', () => {
    const app = fakeApp();
    const exe = 'C:\\Users\\ana\\AppData\\Local\\Programs\\task-tray\\Task Tray.exe';
    wireAppLinks(
      app.host,
      { platform: 'win32', argv: [exe], execPath: exe, defaultApp: false, env: {} },
      () => undefined,
    );
    expect(app.registrations).toEqual([{ protocol: 'tasktray' }]);
  });

  it('delivers a link from a later launch (Windows/Linux) and from macOS, once ready', async () => {
    const app = fakeApp();
    const seen: Array<Result<TaskRef>> = [];
    wireAppLinks(app.host, packaged, (ref) => seen.push(ref));

    app.events.emit(
      'second-instance',
      {},
      ['/opt/Task Tray/task-tray', 'tasktray://task/tski_a1'],
      '/',
    );
    let prevented = false;
    app.events.emit(
      'open-url',
      { preventDefault: () => (prevented = true) },
      'tasktray://task/tski_b2',
    );
    await settle();
    expect(seen).toEqual([]); // not ready yet: held, not dropped

    app.markReady();
    await settle();
    expect(seen).toEqual([
      { ok: true, value: { taskId: 'tski_a1' } },
      { ok: true, value: { taskId: 'tski_b2' } },
    ]);
    expect(prevented).toBe(true);
  });

  it('delivers the link the first instance was started with', async () => {
    const app = fakeApp();
    const seen: Array<Result<TaskRef>> = [];
    wireAppLinks(
      app.host,
      { ...packaged, argv: [...packaged.argv, 'tasktray://task/tski_c3'] },
      (ref) => seen.push(ref),
    );
    app.markReady();
    await settle();
    expect(seen).toEqual([{ ok: true, value: { taskId: 'tski_c3' } }]);
  });

  it('passes a bad link on as an error, and ignores a later launch with no link', async () => {
    const app = fakeApp();
    const seen: Array<Result<TaskRef>> = [];
    wireAppLinks(app.host, packaged, (ref) => seen.push(ref));
    app.markReady();

    app.events.emit('second-instance', {}, ['/opt/Task Tray/task-tray'], '/');
    app.events.emit('open-url', { preventDefault: () => undefined }, 'tasktray://task/nope');
    await settle();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
  });
});
