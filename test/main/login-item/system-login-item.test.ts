import { describe, expect, it } from 'vitest';
import { createLoginItem } from '../../../main/login-item/create-login-item';
import type { LoginSettingsHost } from '../../../main/login-item/system-login-item';

/**
 * Electron's login-item settings cannot run here (no Electron binary), so these stand-ins
 * keep the documented behaviour of each OS: Windows keeps one Run entry per executable
 * and arguments, and the user can switch an entry off in Startup apps; macOS 13+ may
 * hold a registration until the user approves it.
 */
function windowsHost(opts: { keptOff?: boolean } = {}) {
  const run = new Map<string, string[]>(); // executable -> args
  const approved = new Map<string, boolean>();
  const host: LoginSettingsHost = {
    getLoginItemSettings(options = {}) {
      const path = options.path ?? 'C:\\electron.exe';
      const args = run.get(path);
      const same = args !== undefined && args.join(' ') === (options.args ?? []).join(' ');
      return {
        openAtLogin: same,
        executableWillLaunchAtLogin: args !== undefined && approved.get(path) !== false,
      };
    },
    setLoginItemSettings({ openAtLogin, path = 'C:\\electron.exe', args = [] }) {
      if (openAtLogin) {
        run.set(path, args);
        // Electron's `enabled` defaults to true and re-approves; `keptOff` plays a
        // system that keeps the switch off anyway (say, an administrator's policy).
        approved.set(path, !opts.keptOff);
      } else run.delete(path);
    },
  };
  return { host, run, approved };
}

function macHost(opts: { needsApproval?: boolean; throws?: boolean } = {}) {
  let registered = false;
  const host: LoginSettingsHost = {
    getLoginItemSettings: () => ({
      openAtLogin: registered && !opts.needsApproval,
      status: registered
        ? opts.needsApproval
          ? 'requires-approval'
          : 'enabled'
        : 'not-registered',
    }),
    setLoginItemSettings({ openAtLogin }) {
      if (opts.throws) throw new Error('Operation not permitted');
      registered = Boolean(openAtLogin);
    },
  };
  return host;
}

describe('launch at login on Windows', () => {
  it('registers the app to start hidden, and reads back the same registration', async () => {
    const { host, run } = windowsHost();
    const item = createLoginItem({
      platform: 'win32',
      host,
      execPath: 'C:\\Users\\ana\\AppData\\Local\\Programs\\Task Tray\\Task Tray.exe',
      env: {},
    });
    expect(await item.isEnabled()).toBe(false);
    expect(await item.setEnabled(true)).toEqual({ ok: true, value: true });
    expect(await item.isEnabled()).toBe(true);
    expect([...run]).toEqual([
      ['C:\\Users\\ana\\AppData\\Local\\Programs\\Task Tray\\Task Tray.exe', ['--hidden']],
    ]);
    expect(await item.setEnabled(false)).toEqual({ ok: true, value: false });
    expect(run.size).toBe(0);
  });

  it('registers the portable .exe the user has, not the temporary copy it runs from', async () => {
    const { host, run } = windowsHost();
    const item = createLoginItem({
      platform: 'win32',
      host,
      execPath: 'C:\\Users\\ana\\AppData\\Local\\Temp\\2x9Zq\\Task Tray.exe',
      env: { PORTABLE_EXECUTABLE_FILE: 'D:\\Tools\\Task Tray Portable.exe' },
    });
    await item.setEnabled(true);
    expect([...run.keys()]).toEqual(['D:\\Tools\\Task Tray Portable.exe']);
  });

  it('shows off when Startup apps has the app switched off, and turning on again works', async () => {
    const { host, approved } = windowsHost();
    const execPath = 'C:\\Task Tray\\Task Tray.exe';
    const item = createLoginItem({ platform: 'win32', host, execPath, env: {} });
    await item.setEnabled(true);
    approved.set(execPath, false); // the user's switch in Settings → Apps → Startup
    expect(await item.isEnabled()).toBe(false);
    expect(await item.setEnabled(true)).toEqual({ ok: true, value: true });
  });

  it('says where to change it when the system keeps the app switched off', async () => {
    const { host } = windowsHost({ keptOff: true });
    const item = createLoginItem({ platform: 'win32', host, execPath: 'C:\\t.exe', env: {} });
    const result = await item.setEnabled(true);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    if (!result.ok) expect(result.error.message).toContain('Settings → Apps → Startup');
    expect(await item.isEnabled()).toBe(false);
  });
});

describe('launch at login on macOS', () => {
  it('adds and removes the login item', async () => {
    const item = createLoginItem({ platform: 'darwin', host: macHost(), execPath: '/x', env: {} });
    expect(await item.setEnabled(true)).toEqual({ ok: true, value: true });
    expect(await item.isEnabled()).toBe(true);
    expect(await item.setEnabled(false)).toEqual({ ok: true, value: false });
    expect(await item.isEnabled()).toBe(false);
  });

  it('tells the user to approve it in System Settings when macOS holds it for approval', async () => {
    const item = createLoginItem({
      platform: 'darwin',
      host: macHost({ needsApproval: true }),
      execPath: '/x',
      env: {},
    });
    const result = await item.setEnabled(true);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toContain('System Settings → General → Login Items');
    expect(await item.isEnabled()).toBe(false);
  });

  it('turns a refusal by the system into an error value, not an exception', async () => {
    const item = createLoginItem({
      platform: 'darwin',
      host: macHost({ throws: true }),
      execPath: '/x',
      env: {},
    });
    const result = await item.setEnabled(true);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    if (!result.ok) expect(result.error.message).toContain('Operation not permitted');
  });
});

describe('launch at login elsewhere', () => {
  it('says it is not available instead of pretending', async () => {
    const item = createLoginItem({ platform: 'unsupported' });
    expect(await item.isEnabled()).toBe(false);
    expect(await item.setEnabled(true)).toMatchObject({
      ok: false,
      error: { message: 'Open at login is not available on this system.' },
    });
  });
});
