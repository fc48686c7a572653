/**
 * Launch at login through an AppImage update: the updater puts the new version in a
 * file named after the release and deletes the old one (electron-updater
 * AppImageUpdater.doInstall), so the autostart entry the old version wrote starts
 * nothing. Real files in a temporary config folder.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoginItem } from '../../../main/login-item/create-login-item';
import { entryLostItsAppImage } from '../../../main/login-item/xdg-autostart';
import type { AutostartFacts } from '../../../main/login-item/xdg-autostart';

let home: string;
let configHome: string;
let apps: string;
const autostart = () => join(configHome, 'autostart', 'task-tray.desktop');
const oldFile = () => join(apps, 'Task Tray-0.1.0.AppImage');
const newFile = () => join(apps, 'Task Tray-0.2.0.AppImage');

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'task-tray-appimage-'));
  configHome = join(home, 'config');
  apps = join(home, 'Apps');
  await mkdir(apps);
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const appImageItem = (file: string) =>
  createLoginItem({
    platform: 'linux',
    configHome,
    execPath: '/tmp/.mount_TaskTr1a2b3c/task-tray',
    env: { APPIMAGE: file },
  });

/** Version 0.1.0 turned launch at login on; the update then replaced its file by 0.2.0's. */
async function updatedOnce(): Promise<void> {
  await writeFile(oldFile(), 'old');
  expect(await appImageItem(oldFile()).setEnabled(true)).toEqual({ ok: true, value: true });
  await rm(oldFile());
  await writeFile(newFile(), 'new');
}

describe('launch at login after an AppImage update', () => {
  it('stays on: the new version writes the entry again for its own file', async () => {
    await updatedOnce();
    expect(await appImageItem(newFile()).isEnabled(true)).toBe(true);
    expect(await readFile(autostart(), 'utf8')).toContain(`\nExec="${newFile()}" --hidden\n`);
  });

  it('is left alone when the settings say off', async () => {
    await updatedOnce();
    expect(await appImageItem(newFile()).isEnabled(false)).toBe(false);
    expect(await readFile(autostart(), 'utf8')).toContain(`\nExec="${oldFile()}" --hidden\n`);
  });

  it('is not taken from another copy whose file is still there', async () => {
    await writeFile(oldFile(), 'another copy');
    await appImageItem(oldFile()).setEnabled(true);
    await writeFile(newFile(), 'new');
    expect(await appImageItem(newFile()).isEnabled(true)).toBe(false);
    expect(await readFile(autostart(), 'utf8')).toContain(`\nExec="${oldFile()}" --hidden\n`);
  });

  it('follows the new file as soon as the updater names it, before the restart', async () => {
    await writeFile(oldFile(), 'old');
    const running = appImageItem(oldFile());
    await running.setEnabled(true);
    await running.programMoved?.(newFile());
    expect(await readFile(autostart(), 'utf8')).toContain(`\nExec="${newFile()}" --hidden\n`);
  });

  it('does not write an entry on a rename when launch at login is off', async () => {
    await writeFile(oldFile(), 'old');
    await appImageItem(oldFile()).programMoved?.(newFile());
    await expect(readFile(autostart(), 'utf8')).rejects.toThrow();
  });
});

describe('entryLostItsAppImage', () => {
  const lost: AutostartFacts = {
    wanted: true,
    appImage: true,
    program: '/home/ana/Apps/Task Tray-0.2.0.AppImage',
    entryProgram: '/home/ana/Apps/Task Tray-0.1.0.AppImage',
    entryProgramExists: false,
  };

  it('rewrites only when wanted, on an AppImage, for an entry naming a file that is gone', () => {
    expect(entryLostItsAppImage(lost)).toBe(true);
    expect(entryLostItsAppImage({ ...lost, wanted: false })).toBe(false);
    expect(entryLostItsAppImage({ ...lost, appImage: false })).toBe(false);
    expect(entryLostItsAppImage({ ...lost, entryProgramExists: true })).toBe(false);
    expect(entryLostItsAppImage({ ...lost, entryProgram: null })).toBe(false);
    expect(entryLostItsAppImage({ ...lost, entryProgram: lost.program })).toBe(false);
  });
});
