import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoginItem } from '../../../main/login-item/create-login-item';

let home: string;
let configHome: string;
const autostart = () => join(configHome, 'autostart', 'task-tray.desktop');

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'task-tray-xdg-'));
  configHome = join(home, 'config');
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const linuxItem = (execPath: string, env: Record<string, string> = {}) =>
  createLoginItem({ platform: 'linux', configHome, execPath, env });

describe('launch at login on Linux (XDG autostart, real files in a temp config folder)', () => {
  it('is off until turned on, then writes an autostart entry that starts the app hidden', async () => {
    const item = linuxItem('/opt/Task Tray/task-tray');
    expect(await item.isEnabled()).toBe(false);

    expect(await item.setEnabled(true)).toEqual({ ok: true, value: true });
    expect(await item.isEnabled()).toBe(true);
    const entry = await readFile(autostart(), 'utf8');
    expect(entry).toContain('\nExec="/opt/Task Tray/task-tray" --hidden\n');
    expect(entry.startsWith('[Desktop Entry]\n')).toBe(true);
  });

  it('turning off removes the entry and leaves other apps’ autostart entries alone', async () => {
    await mkdir(join(configHome, 'autostart'), { recursive: true });
    const other = join(configHome, 'autostart', 'other-app.desktop');
    await writeFile(other, '[Desktop Entry]\nType=Application\nExec=other\n');
    const item = linuxItem('/usr/bin/task-tray');
    await item.setEnabled(true);

    expect(await item.setEnabled(false)).toEqual({ ok: true, value: false });
    expect(await item.isEnabled()).toBe(false);
    expect(await readdir(join(configHome, 'autostart'))).toEqual(['other-app.desktop']);
    // Turning off what is already off is fine too.
    expect(await item.setEnabled(false)).toEqual({ ok: true, value: false });
  });

  it('starts the AppImage file itself, since its mount path vanishes when it exits', async () => {
    const item = linuxItem('/tmp/.mount_TaskTr1a2b3c/task-tray', {
      APPIMAGE: '/home/ana/Apps/Task-Tray-0.1.0.AppImage',
    });
    await item.setEnabled(true);
    expect(await readFile(autostart(), 'utf8')).toContain(
      '\nExec=/home/ana/Apps/Task-Tray-0.1.0.AppImage --hidden\n',
    );
  });

  it('shows off when the desktop’s startup settings disabled it, and turning on restores it', async () => {
    const item = linuxItem('/usr/bin/task-tray');
    await item.setEnabled(true);
    const entry = await readFile(autostart(), 'utf8');
    await writeFile(
      autostart(),
      entry.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'),
    );
    expect(await item.isEnabled()).toBe(false);

    expect(await item.setEnabled(true)).toEqual({ ok: true, value: true });
    expect(await readFile(autostart(), 'utf8')).toContain('X-GNOME-Autostart-enabled=true');
  });

  it('shows off for an entry left by a moved AppImage, and turning on points it here', async () => {
    const before = linuxItem('/x', { APPIMAGE: '/home/ana/Downloads/Task-Tray.AppImage' });
    await before.setEnabled(true);
    const after = linuxItem('/x', { APPIMAGE: '/home/ana/Apps/Task-Tray.AppImage' });
    expect(await after.isEnabled()).toBe(false);

    await after.setEnabled(true);
    expect(await after.isEnabled()).toBe(true);
    expect(await readFile(autostart(), 'utf8')).toContain('/home/ana/Apps/Task-Tray.AppImage');
  });

  it('says clearly when the entry cannot be written, and changes nothing', async () => {
    // A file where the autostart folder should be: fails even for root, unlike chmod.
    await mkdir(configHome, { recursive: true });
    await writeFile(join(configHome, 'autostart'), 'not a folder');
    const item = linuxItem('/usr/bin/task-tray');

    const result = await item.setEnabled(true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('storage');
    expect(result.error.message).toContain(join(configHome, 'autostart', 'task-tray.desktop'));
    expect(result.error.message).toMatch(/could not be written/);
    expect(await item.isEnabled()).toBe(false);
    expect(await readFile(join(configHome, 'autostart'), 'utf8')).toBe('not a folder');
  });

  it('refuses a value that is not on or off', async () => {
    const item = linuxItem('/usr/bin/task-tray');
    const result = await item.setEnabled('yes' as unknown as boolean);
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    expect(await item.isEnabled()).toBe(false);
  });

  it('ends in the last requested state when toggled quickly', async () => {
    const item = linuxItem('/usr/bin/task-tray');
    const results = await Promise.all([
      item.setEnabled(true),
      item.setEnabled(false),
      item.setEnabled(true),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(await item.isEnabled()).toBe(true);
    expect(await readdir(join(configHome, 'autostart'))).toEqual(['task-tray.desktop']);
  });
});

// GLib is what GNOME and most other desktops use to read autostart entries. When its
// `gio` tool is installed, launch the written entry for real and see which arguments
// arrive: the quoting must survive an install path full of awkward characters.
const hasGio = spawnSync('gio', ['version']).status === 0;

describe.skipIf(!hasGio)('the written entry, started by GLib (gio launch)', () => {
  it('starts the program at an awkward path, with --hidden, exactly', async () => {
    const dir = join(home, `Task Tray's "apps" $HOME \`x\` a\\b\\$c & ; (1)`);
    await mkdir(dir, { recursive: true });
    const program = join(dir, 'task-tray');
    const report = join(home, 'argv.txt');
    await writeFile(
      program,
      `#!/bin/sh\nfor a in "$0" "$@"; do printf '%s\\n' "$a"; done > '${report}'\n`,
    );
    await chmod(program, 0o755);

    await linuxItem(program).setEnabled(true);
    execFileSync('gio', ['launch', autostart()]);

    // gio starts the program and returns; wait for it to report (the test timeout bounds this).
    let seen: string | null = null;
    while (seen === null) {
      seen = await readFile(report, 'utf8').catch(() => null);
      if (seen === null) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(`${program}\n--hidden\n`);
  });
});
