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
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { extractAll, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStandInElectron,
  installedElectronVersion,
  readFuses,
} from '../../scripts/stand-in-electron';
import { RELEASES } from '../../main/update/release-page';
import { keytarInstallTimeModules, loadYaml, ROOT, runtimeModules } from './builder-config';

/** Looks like a real API key, so a leak of it would be a leak of one. */
const CANARY = `comp_${randomBytes(32).toString('hex')}`;

let work: string;
let unpacked: string; // release/linux-unpacked
let asarPath: string;
let asarFiles: string[]; // paths inside app.asar, posix, no leading slash
let extracted: string; // app.asar extracted, to read contents
let log: string;
/** resources/app-update.yml and resources/package-type as the dir build left them (null: absent). */
let dirUpdateFiles: { appUpdate: string | null; packageType: string | null };
/**
 * What electron-builder would hand fpm for the .deb and .rpm, the .desktop file it wrote,
 * and the package-type file it put in resources/ for that package.
 */
const linuxPackages = new Map<
  string,
  { fpmArgs: string[]; desktop: string; packageType: string | null }
>();
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
      linuxPackages.set(target, {
        fpmArgs,
        desktop: await readFile(desktopFile, 'utf8'),
        packageType: await readOrNull(join(output, 'linux-unpacked', 'resources', 'package-type')),
      });
      return true; // stop here: fpm is not available
    },
  });
}

const readOrNull = (path: string): Promise<string | null> =>
  readFile(path, 'utf8').catch(() => null);

/**
 * Whether `name` resolves from `fromDir` the way Node's require does: a node_modules
 * folder with it in `fromDir` or any folder above, up to the top of the extracted asar.
 */
function resolvesInside(top: string, fromDir: string, name: string): boolean {
  for (let dir = fromDir; dir.startsWith(top); dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dir === top) break;
  }
  return false;
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
      // Read now: the .deb and .rpm steps below write their own into the same folder.
      dirUpdateFiles = {
        appUpdate: await readOrNull(join(unpacked, 'resources', 'app-update.yml')),
        packageType: await readOrNull(join(unpacked, 'resources', 'package-type')),
      };
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

    it('holds the production dependencies and only what they need at run time', () => {
      // Every module at any depth (a nested node_modules/ included).
      const modules = new Set(
        asarFiles.flatMap((p) =>
          [...p.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)].map((m) => m[1] ?? ''),
        ),
      );
      // package.json's dependencies and what package-lock.json says they need, less what
      // keytar needs only to be installed (prebuild-install, node-addon-api and theirs).
      expect([...modules].sort()).toEqual([...runtimeModules()].sort());
      const installOnly = keytarInstallTimeModules();
      expect(installOnly.size).toBeGreaterThan(10);
      expect([...modules].filter((m) => installOnly.has(m))).toEqual([]);
      for (const name of ['keytar', 'zod', 'electron-menubar', 'electron-updater', 'js-yaml']) {
        expect({ name, shipped: modules.has(name) }).toEqual({ name, shipped: true });
      }
      for (const name of [
        // Replaced by electron-menubar, which needs nothing else.
        'menubar',
        'electron-positioner',
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

    it('finds every module the main process and its dependencies require, inside the asar', async () => {
      // What would fail at start with "Cannot find module": the main bundle's own requires
      // (its external dependencies), and each shipped package's dependencies from where it sits.
      const missing: string[] = [];
      const main = await readFile(join(extracted, 'out', 'main', 'index.js'), 'utf8');
      const required = new Set(
        [...main.matchAll(/require\(["']([^"'./][^"']*)["']\)/g)]
          .map((m) => m[1] ?? '')
          .map((id) =>
            (id.startsWith('@') ? id.split('/').slice(0, 2) : id.split('/').slice(0, 1)).join('/'),
          )
          .filter(
            (id) => !id.startsWith('node:') && id !== 'electron' && !builtinModules.includes(id),
          ),
      );
      expect(required.size).toBeGreaterThan(0);
      const mainDir = join(extracted, 'out', 'main');
      for (const id of required) {
        if (!resolvesInside(extracted, mainDir, id)) missing.push(`out/main/index.js → ${id}`);
      }
      const installOnly = keytarInstallTimeModules();
      const manifests = asarFiles.filter((p) =>
        /(?:^|\/)node_modules\/(?:@[^/]+\/)?[^/]+\/package\.json$/.test(p),
      );
      for (const manifest of manifests) {
        const dir = dirname(join(extracted, manifest));
        const pkg = JSON.parse(await readFile(join(extracted, manifest), 'utf8')) as {
          dependencies?: Record<string, string>;
        };
        for (const dep of Object.keys(pkg.dependencies ?? {})) {
          // keytar's build tools are left out on purpose: it loads keytar.node and nothing else.
          if (installOnly.has(dep)) continue;
          if (!resolvesInside(extracted, dir, dep)) missing.push(`${manifest} → ${dep}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('writes resources/app-update.yml for the auto-updater: our GitHub repository, no token', () => {
      // The PublishManager writes it after packing for every Linux target, the dir one too,
      // from electron-builder.yml's `publish`; electron-updater reads it at run time.
      expect(dirUpdateFiles.appUpdate).not.toBeNull();
      const config = loadYaml(dirUpdateFiles.appUpdate ?? '') as Record<string, unknown>;
      expect(config).toEqual({
        provider: 'github',
        owner: RELEASES.owner,
        repo: RELEASES.repo,
        updaterCacheDirName: 'task-tray-updater',
      });
      // Not a .deb or .rpm: no package-type, so the updater treats it as what it is (an AppImage, when packed into one).
      expect(dirUpdateFiles.packageType).toBeNull();
    });

    it('marks the .deb and .rpm as such, so their users are told about updates, not auto-updated', () => {
      expect(linuxPackagesError).toBeUndefined();
      for (const target of ['deb', 'rpm']) {
        expect({ target, packageType: linuxPackages.get(target)?.packageType }).toEqual({
          target,
          packageType: target,
        });
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
