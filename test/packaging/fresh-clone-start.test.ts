/**
 * The README's two commands on a fresh clone: after `npm install`, `npm start` must get as
 * far as launching Electron with the app. Since Electron 42 `npm install` leaves no binary
 * (no node_modules/electron/path.txt, no dist/); Electron fetches it on first use of its own
 * entry point. The binary cannot be downloaded here, so ELECTRON_OVERRIDE_DIST_PATH points
 * Electron's entry point at the stand-in (scripts/stand-in-electron.ts), which writes down
 * where and with what it was started.
 *
 * The clone is what git would hand a new user (tracked files plus new, unignored ones, as
 * they are in the working tree) with this project's node_modules hard-linked in, minus what
 * Electron's download would have added. Slow (a full electron-vite build), so one start
 * serves all the checks.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInElectron, installedElectronVersion } from '../../scripts/stand-in-electron';
import { ROOT } from './builder-config';

let work: string;
let clone: string;
let standInLog: string;
let start: SpawnSyncReturns<string>;

/** The environment of a new user's shell: none of this test run's npm or Electron settings. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|ELECTRON_|NODE_ENV|VITEST)/i.test(name)) env[name] = value;
  }
  return {
    ...env,
    // Any download attempt fails at once instead of quietly succeeding.
    ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    ELECTRON_CACHE: join(work, 'cache'),
    electron_config_cache: join(work, 'cache'),
    ...extra,
  };
}

async function freshClone(into: string): Promise<void> {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    await mkdir(dirname(join(into, file)), { recursive: true });
    await copyFile(join(ROOT, file), join(into, file));
  }
  // Hard links: same files as `npm install` would write, in seconds. Removing a link
  // below leaves the project's own node_modules as it was.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(into, 'node_modules')]);
  const electron = join(into, 'node_modules', 'electron');
  await rm(join(electron, 'path.txt'), { force: true });
  await rm(join(electron, 'dist'), { recursive: true, force: true });
  await rm(join(into, 'node_modules', '.vite'), { recursive: true, force: true });
}

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
      env: userEnv({ ELECTRON_OVERRIDE_DIST_PATH: standIn, STAND_IN_ELECTRON_LOG: standInLog }),
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
      env: userEnv({}),
    });
    expect(offline.stderr).not.toContain('Electron uninstall');
    expect(offline.stderr).toContain("Could not download Electron's binary");
    expect(offline.stderr).toContain('npx install-electron');
    expect(offline.status).not.toBe(0);
  }, 90_000);
});
