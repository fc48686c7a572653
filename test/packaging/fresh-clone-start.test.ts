/**
 * The README's two commands on a fresh clone: after `npm install`, `npm start` must get as
 * far as launching Electron with the app. Since Electron 42 `npm install` leaves no binary
 * (no node_modules/electron/path.txt, no dist/); Electron fetches it on first use of its own
 * entry point. The binary cannot be downloaded here, so ELECTRON_OVERRIDE_DIST_PATH points
 * Electron's entry point at the stand-in (scripts/stand-in-electron.ts), which writes down
 * where and with what it was started.
 *
 * The clone is fresh-clone.ts's. Slow (a full electron-vite build), so one start
 * serves all the checks.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInElectron, installedElectronVersion } from '../../scripts/stand-in-electron';
import { freshClone, offlineUserEnv } from './fresh-clone';
import { ROOT } from './builder-config';

let work: string;
let clone: string;
let standInLog: string;
let start: SpawnSyncReturns<string>;

describe.skipIf(process.platform !== 'linux')('npm start on a fresh clone', () => {
  beforeAll(async () => {
    // Under release/ (ignored by git) so node_modules can be hard-linked: same file system.
    await mkdir(join(ROOT, 'release'), { recursive: true });
    work = await mkdtemp(join(ROOT, 'release', '.fresh-clone-test-'));
    clone = join(work, 'task-tray');
    await freshClone(clone);
    const standIn = await createStandInElectron(
      join(work, 'electron'),
      await installedElectronVersion(ROOT),
    );
    standInLog = join(work, 'stand-in.log');
    start = spawnSync('npm', ['start'], {
      cwd: clone,
      encoding: 'utf8',
      timeout: 150_000,
      env: offlineUserEnv(join(work, 'cache'), {
        ELECTRON_OVERRIDE_DIST_PATH: standIn,
        STAND_IN_ELECTRON_LOG: standInLog,
      }),
    });
  }, 180_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('builds the app and launches Electron on it', async () => {
    const output = `${start.stdout}\n${start.stderr}`;
    expect(output).not.toContain('Electron uninstall');
    expect(existsSync(standInLog), `the stand-in Electron was never started:\n${output}`).toBe(
      true,
    );
    const [cwd, ...args] = (await readFile(standInLog, 'utf8')).trimEnd().split('\n');
    // Electron was started in the clone on the app itself ('.' = package.json's main)...
    expect(cwd).toBe(clone);
    expect(args[0]).toBe('.');
    // ...after the build wrote that main.
    expect(existsSync(join(clone, 'out', 'main', 'index.js'))).toBe(true);
    expect(existsSync(join(clone, 'out', 'preload', 'index.js'))).toBe(true);
    expect(existsSync(join(clone, 'out', 'renderer', 'index.html'))).toBe(true);
  });

  it("reports Electron's exit status as its own", () => {
    // The stand-in refuses to run the app (exit 1): `npm start` must not claim success.
    expect(start.stderr).toContain('This is a stand-in for Electron and cannot run the app.');
    expect(start.status).not.toBe(0);
  });

  it('says what to do when Electron cannot be downloaded', () => {
    // No stand-in this time: Electron's entry point tries its download, and the mirror refuses.
    const offline = spawnSync('npm', ['start'], {
      cwd: clone,
      encoding: 'utf8',
      timeout: 60_000,
      env: offlineUserEnv(join(work, 'cache')),
    });
    expect(offline.stderr).not.toContain('Electron uninstall');
    expect(offline.stderr).toContain("Could not download Electron's binary");
    expect(offline.stderr).toContain('npx install-electron');
    // @electron/get uses a proxy only when told (dist/index.js: ELECTRON_GET_USE_PROXY → proxy.js).
    expect(offline.stderr).toContain('ELECTRON_GET_USE_PROXY=1 with HTTPS_PROXY');
    expect(offline.status).not.toBe(0);
  }, 90_000);
});
