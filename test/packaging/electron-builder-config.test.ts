import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { RELEASES } from '../../main/update/release-page';
import {
  builderSchema,
  excludedModules,
  keytarInstallTimeModules,
  loadBuilderConfig,
  ROOT,
} from './builder-config';
import type { Json } from './builder-config';

const config = loadBuilderConfig();
const section = (name: string) => config[name] as Record<string, Json>;
// Compiling the schema takes seconds: once for the file.
const validate = new Ajv({ strict: false, allErrors: true }).compile(builderSchema());

/** The targets of one platform as { name: [archs] }. */
function targets(platform: string): Record<string, Json> {
  const list = section(platform).target as Array<{ target: string; arch: Json }>;
  return Object.fromEntries(list.map((t) => [t.target, t.arch]));
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema", () => {
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be caught by that schema if an option were misspelt', () => {
    const misspelt = { ...config, mac: { ...section('mac'), hardenedRuntim: true } };
    expect(validate(misspelt)).toBe(false);
  });

  it('names the app and packs it into an asar with native modules unpacked', () => {
    expect(config.appId).toBe('com.tasktray.app');
    expect(config.productName).toBe('Task Tray');
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('**/*.node');
  });

  it('packs only the built output and package.json (dependencies are added by electron-builder)', () => {
    const files = config.files as string[];
    expect(files.filter((f) => !f.startsWith('!'))).toEqual(['out/**', 'package.json']);
    expect(files).toContain('!**/*.{ts,tsx,mts,cts,map,md,markdown}');
  });

  it("leaves out exactly keytar's install-time modules, as package-lock.json has them today", () => {
    // A name left out here is left out at every depth: one a run-time dependency needs
    // (electron-updater's semver) would be missing from the package, and the app would not start.
    expect(excludedModules(config).sort()).toEqual([...keytarInstallTimeModules()].sort());
  });

  it('publishes to the GitHub repository of package.json, the one the app sends people to', () => {
    // electron-builder writes this into resources/app-update.yml, which the auto-updater reads.
    expect(config.publish).toEqual({ provider: 'github', owner: 'tasktray', repo: 'task-tray' });
    expect(config.publish).toEqual(RELEASES);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      repository: { url: string };
    };
    expect(pkg.repository.url).toBe(
      `git+https://github.com/${RELEASES.owner}/${RELEASES.repo}.git`,
    );
  });

  it('builds dmg and zip for Apple silicon and Intel, as a menu-bar-only app', () => {
    expect(targets('mac')).toEqual({ dmg: ['arm64', 'x64'], zip: ['arm64', 'x64'] });
    const mac = section('mac');
    expect(mac.extendInfo).toEqual({ LSUIElement: true });
    expect(mac.category).toBe('public.app-category.productivity');
    expect(mac.hardenedRuntime).toBe(true);
    // Notarization runs when the APPLE_* variables are there; `false` would switch it off.
    expect(mac.notarize).not.toBe(false);
  });

  it('grants the hardened runtime only the JIT exception V8 needs', () => {
    const mac = section('mac');
    expect(mac.entitlements).toBe('build/entitlements.mac.plist');
    expect(mac.entitlementsInherit).toBe('build/entitlements.mac.plist');
    const plist = readFileSync(join(ROOT, 'build', 'entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('builds a per-user NSIS installer with a choice of folder, and a portable exe, for x64 and arm64', () => {
    expect(targets('win')).toEqual({ nsis: ['x64', 'arm64'], portable: ['x64', 'arm64'] });
    expect(section('nsis')).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
    });
  });

  it('unpacks each launch of the portable exe to a folder of its own', () => {
    // NsisTarget decides the launcher's folder with this rule: a name (string) or a falsy
    // value gives UNPACK_DIR_NAME, one %TEMP% folder per build that portable.nsi empties
    // ("RMDir /r $INSTDIR") at every launch, under a running copy too; only `true` leaves it
    // undefined, and the launch unpacks to its own $PLUGINSDIR\app.
    const nsisTarget = readFileSync(
      join(ROOT, 'node_modules/app-builder-lib/out/targets/nsis/NsisTarget.js'),
      'utf8',
    );
    const rule = 'if (typeof unpackDirName === "string" || !unpackDirName) {';
    expect(nsisTarget).toContain(rule);
    const definesSharedFolder = (unpackDirName: Json | undefined) =>
      typeof unpackDirName === 'string' || !unpackDirName;
    const { unpackDirName } = section('portable');
    expect(definesSharedFolder(unpackDirName)).toBe(false);
    expect(unpackDirName).toBe(true);
    const template = readFileSync(
      join(ROOT, 'node_modules/app-builder-lib/templates/nsis/portable.nsi'),
      'utf8',
    );
    expect(template).toMatch(
      /StrCpy \$INSTDIR "\$PLUGINSDIR\\app"\s+!ifdef UNPACK_DIR_NAME\s+StrCpy \$INSTDIR "\$TEMP\\\$\{UNPACK_DIR_NAME\}"\s+!endif\s+RMDir \/r \$INSTDIR/,
    );
  });

  it("keeps the AppImage's desktop entry from turning Chromium's sandbox off everywhere", () => {
    // AppImageTarget.js: executableArgs unset → ["--no-sandbox"] in the entry's Exec.
    expect(section('appImage').executableArgs).toEqual([]);
  });

  it('builds AppImage, deb and rpm in the Utility category, depending on libsecret for the keychain', () => {
    expect(Object.keys(targets('linux'))).toEqual(['AppImage', 'deb', 'rpm']);
    expect(section('linux').category).toBe('Utility');
    expect(section('deb').depends).toContain('libsecret-1-0');
    expect(section('rpm').depends).toContain('libsecret');
    // Electron loads these at start; minimal systems may lack them.
    expect(section('deb').depends).toEqual(
      expect.arrayContaining(['libgbm1', 'libasound2 | libasound2t64']),
    );
    expect(section('rpm').depends).toEqual(expect.arrayContaining(['mesa-libgbm', 'alsa-lib']));
  });

  it('registers the tasktray:// scheme (electron-builder adds it to Info.plist and the desktop entry)', () => {
    const schemes = (config.protocols as Array<{ schemes: string[] }>).flatMap((p) => p.schemes);
    expect(schemes).toEqual(['tasktray']);
  });

  it('gives Linux a desktop entry that opens tasktray:// links in the app', async () => {
    // electron-builder's own entry writer (the deb, rpm and AppImage targets use it),
    // fed what its Linux packager would pass.
    const require = createRequire(join(ROOT, 'package.json'));
    const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper') as {
      LinuxTargetHelper: new (packager: object) => {
        computeDesktopEntry(options: object): Promise<string>;
      };
    };
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
      string,
      string
    >;
    const linux = section('linux');
    const entry = await new LinuxTargetHelper({
      appInfo: {
        productName: config.productName,
        sanitizedProductName: config.productName,
        description: pkg.description,
      },
      info: { metadata: pkg },
      executableName: linux.executableName,
      fileAssociations: [],
      config,
      platformSpecificBuildOptions: linux,
    }).computeDesktopEntry(linux);
    const lines = entry.split('\n');
    expect(lines).toContain('MimeType=x-scheme-handler/tasktray;');
    expect(lines).toContain('Categories=Utility;');
    // %U: the link is handed to the app as an argument, where appLinkFromArgv finds it.
    expect(lines).toContain('Exec="/opt/Task Tray/task-tray" %U');
  });

  it('sets the Electron fuses of security invariant 6', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
      resetAdHocDarwinSignature: true,
    });
  });

  it('ships the tray icons to resources/tray and points at icon files that exist', () => {
    expect(config.extraResources).toEqual([{ from: 'build/tray', to: 'tray', filter: ['*.png'] }]);
    for (const path of [
      section('mac').icon,
      section('win').icon,
      section('linux').icon,
      'build/tray',
    ]) {
      expect({ path, exists: existsSync(join(ROOT, String(path))) }).toEqual({
        path,
        exists: true,
      });
    }
  });

  it('is what npm run dist and dist:mac|win|linux build with', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    // scripts/dist.ts runs electron-builder with these options, then puts node_modules back.
    expect(scripts.dist).toMatch(/^npm run build && tsx scripts\/dist\.ts$/);
    expect(scripts['dist:mac']).toMatch(/tsx scripts\/dist\.ts --mac$/);
    expect(scripts['dist:win']).toMatch(/tsx scripts\/dist\.ts --win$/);
    expect(scripts['dist:linux']).toMatch(/tsx scripts\/dist\.ts --linux$/);
    expect(readFileSync(join(ROOT, 'scripts', 'dist.ts'), 'utf8')).toMatch(
      /join\(nodeModules, 'electron-builder', 'cli\.js'\)[\s\S]*\[cli, \.\.\.args\]/,
    );
  });
});
