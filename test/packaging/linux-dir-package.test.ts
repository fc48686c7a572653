/**
 * Packages the app for real with electron-builder (`--linux dir`) and inspects what
 * would ship. Electron's binary cannot be downloaded here, so a stand-in takes its place
 * (scripts/stand-in-electron.ts); everything else is electron-builder's own work with
 * our electron-builder.yml, on a copy of the project with planted leftovers (a source
 * map, a .ts file, .env files holding a fake secret) that must not make it in.
 *
 * Slow (about half a minute: copy, build, package), so it runs once for all the checks below.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { extractAll, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStandInElectron,
  installedElectronVersion,
  readFuses,
} from '../../scripts/stand-in-electron';
import { ROOT } from './builder-config';

/** Looks like a real API key, so a leak of it would be a leak of one. */
const CANARY = `comp_${randomBytes(32).toString('hex')}`;

let work: string;
let unpacked: string; // release/linux-unpacked
let asarPath: string;
let asarFiles: string[]; // paths inside app.asar, posix, no leading slash
let extracted: string; // app.asar extracted, to read contents
let log: string;
/** What electron-builder would hand fpm for the .deb and .rpm, and the .desktop file it wrote. */
const linuxPackages = new Map<string, { fpmArgs: string[]; desktop: string }>();
let linuxPackagesError: unknown;

async function buildLinuxPackages(app: string, output: string): Promise<void> {
  // Loaded lazily: electron-builder is large and only this test needs it.
  const builder = await import('electron-builder');
  await builder.build({
    projectDir: app,
    targets: builder.Platform.LINUX.createTarget(['deb', 'rpm'], builder.Arch.x64),
    prepackaged: join(output, 'linux-unpacked'),
    publish: 'never',
    config: { npmRebuild: false, directories: { output } },
    effectiveOptionComputed: async (options: unknown) => {
      const [fpmArgs, desktopFile] = options as [string[], string];
      const target = fpmArgs.includes('--deb-priority') ? 'deb' : 'rpm';
      linuxPackages.set(target, { fpmArgs, desktop: await readFile(desktopFile, 'utf8') });
      return true; // stop here: fpm is not available
    },
  });
}

/** The value after `--name` in fpm's arguments. */
/** The modules `roots` pull in (package-lock.json), less any the app's other dependencies need. */
async function installTimeOnly(roots: readonly string[]): Promise<Set<string>> {
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string> }>;
  };
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const closure = (names: readonly string[], seen = new Set<string>()): Set<string> => {
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      closure(Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {}), seen);
    }
    return seen;
  };
  const needed = closure(Object.keys(pkg.dependencies).filter((n) => n !== 'keytar'));
  return new Set([...closure(roots)].filter((n) => !needed.has(n) && n !== 'keytar'));
}

function fpmOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? undefined : args[at + 1];
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

describe.skipIf(process.platform !== 'linux')(
  'the packaged app (electron-builder --linux dir)',
  () => {
    beforeAll(async () => {
      // Under release/ (ignored by git) so node_modules can be hard-linked: same file system.
      await mkdir(join(ROOT, 'release'), { recursive: true });
      work = await mkdtemp(join(ROOT, 'release', '.packaging-test-'));
      const app = join(work, 'app');
      await mkdir(app);
      // The whole project, sources next to the build as in the real tree (none may ship);
      // built here, so what is packaged is today's code whatever state out/ is in.
      const skip = new Set([
        'node_modules',
        '.git',
        'release',
        'out',
        'dist',
        'test-results',
        'coverage',
      ]);
      for (const name of await readdir(ROOT)) {
        if (!skip.has(name)) await cp(join(ROOT, name), join(app, name), { recursive: true });
      }
      execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(app, 'node_modules')]);
      execFileSync(
        process.execPath,
        [join(app, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
        {
          cwd: app,
          stdio: 'pipe',
        },
      );

      // Leftovers a careless build or developer might leave behind.
      await writeFile(join(app, '.env'), `TASK_TRAY_API_KEY=${CANARY}\n`);
      await writeFile(join(app, 'out', '.env.local'), `TASK_TRAY_API_KEY=${CANARY}\n`);
      await writeFile(
        join(app, 'out', 'main', 'index.js.map'),
        JSON.stringify({ version: 3, sourcesContent: [`const key = '${CANARY}'`] }),
      );
      await writeFile(join(app, 'out', 'main', 'leftover.ts'), `export const key = '${CANARY}';\n`);
      await writeFile(join(app, 'out', 'main', 'notes.md'), `key: ${CANARY}\n`);

      const electron = await createStandInElectron(
        join(work, 'electron'),
        await installedElectronVersion(ROOT),
      );

      const result = spawnSync(
        process.execPath,
        [
          join(app, 'node_modules', 'electron-builder', 'cli.js'),
          '--linux',
          'dir',
          '--publish',
          'never',
          `-c.electronDist=${electron}`,
          // keytar is an N-API module, built for this Node and Electron alike.
          '-c.npmRebuild=false',
          `-c.directories.output=${join(work, 'release')}`,
        ],
        {
          cwd: app,
          encoding: 'utf8',
          env: {
            ...process.env,
            // Any download attempt fails instead of quietly succeeding: a dead proxy and an empty cache.
            HTTPS_PROXY: 'http://127.0.0.1:9',
            HTTP_PROXY: 'http://127.0.0.1:9',
            https_proxy: 'http://127.0.0.1:9',
            http_proxy: 'http://127.0.0.1:9',
            ELECTRON_BUILDER_CACHE: join(work, 'cache'),
            ELECTRON_CACHE: join(work, 'cache'),
            GH_TOKEN: '',
          },
        },
      );
      log = `${result.stdout}\n${result.stderr}`;
      if (result.status !== 0) throw new Error(`electron-builder failed:\n${log}`);

      unpacked = join(work, 'release', 'linux-unpacked');
      asarPath = join(unpacked, 'resources', 'app.asar');
      asarFiles = listPackage(asarPath, { isPack: false }).map((p) =>
        p.split(sep).join('/').replace(/^\//, ''),
      );
      extracted = join(work, 'extracted');
      extractAll(asarPath, extracted);

      // The .deb and .rpm from the packaged app, up to the point where electron-builder
      // would start fpm (which it downloads, so it cannot run here): everything it
      // checks and computes first, and the .desktop file it installs, are real.
      try {
        await buildLinuxPackages(app, join(work, 'release'));
      } catch (error) {
        linuxPackagesError = error;
      }
    }, 300_000);

    afterAll(async () => {
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('packaged without downloading anything', () => {
      expect(log).not.toMatch(/download/i);
      expect(existsSync(join(work, 'cache'))).toBe(false);
    });

    it('names the executable task-tray and flips the Electron fuses in it', async () => {
      const executable = join(unpacked, 'task-tray');
      expect((await stat(executable)).mode & 0o111).not.toBe(0);
      expect(readFuses(await readFile(executable))).toEqual({
        runAsNode: false,
        enableCookieEncryption: true,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
        loadBrowserProcessSpecificV8Snapshot: false,
        grantFileProtocolExtraPrivileges: false,
      });
    });

    it('holds the built main, preload and renderer, and a package.json whose entry exists', async () => {
      expect(asarFiles).toEqual(
        expect.arrayContaining([
          'out/main/index.js',
          'out/preload/index.js',
          'out/renderer/index.html',
          'package.json',
        ]),
      );
      const pkg = JSON.parse(await readFile(join(extracted, 'package.json'), 'utf8')) as {
        main: string;
      };
      expect(asarFiles).toContain(pkg.main.replace(/^\.\//, ''));
    });

    it('holds the production dependencies and only what they need at run time', async () => {
      // Every module at any depth (a nested node_modules/ included).
      const modules = new Set(
        asarFiles.flatMap((p) =>
          [...p.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)].map((m) => m[1] ?? ''),
        ),
      );
      for (const name of ['keytar', 'menubar', 'zod', 'electron-positioner']) {
        expect({ name, shipped: modules.has(name) }).toEqual({ name, shipped: true });
      }
      // keytar loads build/Release/keytar.node and nothing else: what it needs to be
      // installed (prebuild-install, node-addon-api and theirs, 36 modules) stays out.
      const installOnly = await installTimeOnly(['prebuild-install', 'node-addon-api']);
      expect(installOnly.size).toBeGreaterThan(10);
      expect([...modules].filter((m) => installOnly.has(m))).toEqual([]);
      expect([...modules].sort()).toEqual(['electron-positioner', 'keytar', 'menubar', 'zod']);
      for (const name of [
        'electron',
        'electron-builder',
        'vitest',
        'typescript',
        'react',
        'vite',
      ]) {
        expect({ name, shipped: modules.has(name) }).toEqual({ name, shipped: false });
      }
    });

    it("keeps keytar's native module outside the asar, where it can be loaded", async () => {
      const inside = 'node_modules/keytar/build/Release/keytar.node';
      expect(statFile(asarPath, inside)).toMatchObject({ unpacked: true });
      const shipped = await readFile(join(`${asarPath}.unpacked`, inside));
      expect(shipped.equals(await readFile(join(ROOT, inside)))).toBe(true);
    });

    it('ships the tray icons to resources/tray', async () => {
      const shipped = (await readdir(join(unpacked, 'resources', 'tray'))).sort();
      expect(shipped).toEqual((await readdir(join(ROOT, 'build', 'tray'))).sort());
      expect(shipped).toContain('tray-normalTemplate.png');
    });

    it('ships no sources, tests, source maps, docs or env files', () => {
      const offending = asarFiles.filter(
        (p) =>
          /\.(ts|tsx|mts|cts|map|md)$/i.test(p) ||
          /(^|\/)(test|tests|__tests__)\//.test(p) ||
          /\.(test|spec)\.[cm]?js$/.test(p) ||
          /(^|\/)\.env/.test(p) ||
          /^(main|common|preload|renderer|scripts|build|test)\//.test(p) ||
          /(^|\/)(electron-builder\.yml|tsconfig[^/]*\.json|package-lock\.json)$/.test(p),
      );
      expect(offending).toEqual([]);
    });

    it('builds the .deb and .rpm metadata: project homepage and a maintainer to write to', () => {
      // Without a homepage electron-builder refuses: "Please specify project homepage".
      expect(linuxPackagesError).toBeUndefined();
      for (const target of ['deb', 'rpm']) {
        const args = linuxPackages.get(target)?.fpmArgs ?? [];
        expect({ target, url: fpmOption(args, 'url') }).toEqual({
          target,
          url: expect.stringMatching(/^https:\/\/\S+$/),
        });
        // Debian policy: "Name <email>".
        expect({ target, maintainer: fpmOption(args, 'maintainer') }).toEqual({
          target,
          maintainer: expect.stringMatching(/^[^<>]+ <[^@\s<>]+@[^@\s<>]+\.[a-z]+>$/),
        });
      }
    });

    it('installs its .desktop file under the reverse-DNS name the desktop portal needs', () => {
      // GNOME's portal (global shortcuts on Wayland) matches the app by its desktop file
      // name, which Electron takes from package.json's desktopName: the two must agree.
      for (const target of ['deb', 'rpm']) {
        const packaged = linuxPackages.get(target);
        expect(packaged?.fpmArgs).toContainEqual(
          expect.stringMatching(/=\/usr\/share\/applications\/com\.tasktray\.app\.desktop$/),
        );
        expect(packaged?.desktop).toContain('\nStartupWMClass=com.tasktray.app\n');
        expect(packaged?.desktop).toContain('\nMimeType=x-scheme-handler/tasktray;\n');
      }
    });

    it('ships the AppArmor profile the .deb and .rpm install (Ubuntu 24.04 userns)', async () => {
      // README's Linux troubleshooting relies on it: without a profile, Ubuntu 23.10+
      // refuses Chromium's sandbox its user namespace and the app aborts at start.
      expect(linuxPackagesError).toBeUndefined();
      const profile = await readFile(join(unpacked, 'resources', 'apparmor-profile'), 'utf8');
      expect(profile).toContain('"/opt/Task Tray/task-tray" flags=(unconfined)');
      expect(profile).toMatch(/^\s*userns,$/m);
    });

    it('carries no secret: the planted fake key appears in no shipped file', async () => {
      const carriers: string[] = [];
      for (const file of [...(await walk(unpacked)), ...(await walk(extracted))]) {
        const data = await readFile(file);
        if (data.includes(CANARY) || data.includes('-----BEGIN PRIVATE KEY-----')) {
          carriers.push(relative(work, file));
        }
      }
      expect(carriers).toEqual([]);
    });
  },
);
