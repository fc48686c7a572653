/**
 * `npm run dist` offline must leave the working tree usable. electron-builder rebuilds
 * keytar in place for Electron; node-gyp deletes build/ before it fails to fetch
 * Electron's headers, and `npm start` then could not load the keychain. Packaged here
 * for Linux (`--linux dir`, the stand-in Electron) on a fresh clone, with every download
 * failing, and electron-builder's native rebuild left on, as `npm run dist` runs it.
 */
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInElectron, installedElectronVersion } from '../../scripts/stand-in-electron';
import { ROOT } from './builder-config';
import { freshClone, offlineUserEnv } from './fresh-clone';

const KEYTAR_NODE = join('node_modules', 'keytar', 'build', 'Release', 'keytar.node');

let work: string;
let clone: string;
let dist: SpawnSyncReturns<string>;

describe.skipIf(process.platform !== 'linux')('npm run dist, offline', () => {
  beforeAll(async () => {
    await mkdir(join(ROOT, 'release'), { recursive: true });
    work = await mkdtemp(join(ROOT, 'release', '.dist-test-'));
    clone = join(work, 'task-tray');
    await freshClone(clone);
    const standIn = await createStandInElectron(
      join(work, 'electron'),
      await installedElectronVersion(ROOT),
    );
    dist = spawnSync(
      'npm',
      [
        'run',
        'dist',
        '--',
        '--linux',
        'dir',
        '--publish',
        'never',
        `-c.electronDist=${standIn}`,
        `-c.directories.output=${join(work, 'release')}`,
      ],
      {
        cwd: clone,
        encoding: 'utf8',
        timeout: 240_000,
        env: offlineUserEnv(join(work, 'cache'), {
          // This machine's ~/.npmrc names local Node headers (nodedir), which would let
          // node-gyp rebuild keytar offline; a new user's machine has no such thing.
          NPM_CONFIG_USERCONFIG: join(work, 'no-npmrc'),
        }),
      },
    );
  }, 300_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("tried electron-builder's native rebuild, which cannot download Electron's headers here", () => {
    // Otherwise this test would prove nothing: the rebuild is what deletes build/.
    const log = `${dist.stdout}\n${dist.stderr}`;
    expect(log).toMatch(/preparing\s+moduleName=keytar/);
    expect(log).toMatch(/node-gyp failed to rebuild/);
  });

  it("leaves keytar's native module as it was, and loadable", async () => {
    const log = `${dist.stdout}\n${dist.stderr}`;
    expect(existsSync(join(clone, KEYTAR_NODE)), log).toBe(true);
    expect(
      (await readFile(join(clone, KEYTAR_NODE))).equals(await readFile(join(ROOT, KEYTAR_NODE))),
    ).toBe(true);
    // As `npm start`'s main process would: keytar loads its binding at require time.
    const load = spawnSync(process.execPath, ['-e', "require('keytar')"], {
      cwd: clone,
      encoding: 'utf8',
    });
    expect(load.stderr).toBe('');
    expect(load.status).toBe(0);
  });

  it('leaves nothing of its own behind in node_modules', async () => {
    const left = (await readdir(join(clone, 'node_modules'))).filter((n) => n.startsWith('.dist-'));
    expect(left).toEqual([]);
  });
});
