/**
 * A stand-in for Electron's Linux distribution, so electron-builder can package the
 * app where Electron's binary cannot be downloaded (here, and in the packaging test).
 * Pass the folder as `-c.electronDist=<dir>`.
 *
 * It holds what electron-builder reads: an empty resources/, a `version` file, and an
 * executable named `electron`. The executable is a shell script that refuses to run,
 * writes where and with what arguments it was started to $STAND_IN_ELECTRON_LOG when
 * that is set (so the fresh-clone test can see `npm start` reach Electron), and carries
 * Electron's fuse wire (sentinel, wire version 1, eight fuses at Electron's
 * defaults) so electron-builder's `electronFuses` step has something to flip and a test
 * can read back what it flipped.
 *
 * Usage: tsx scripts/stand-in-electron.ts <dir>
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** @electron/fuses' marker: the fuse wire follows it in the binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** Fuse order in wire version 1 (@electron/fuses FuseV1Options). */
export const FUSE_V1_ORDER = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
export type FuseName = (typeof FUSE_V1_ORDER)[number];

/** Electron's shipped defaults, so a test can tell "flipped" from "left alone". */
const ELECTRON_DEFAULT_FUSES: Record<FuseName, boolean> = {
  runAsNode: true,
  enableCookieEncryption: false,
  enableNodeOptionsEnvironmentVariable: true,
  enableNodeCliInspectArguments: true,
  enableEmbeddedAsarIntegrityValidation: false,
  onlyLoadAppFromAsar: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
};

// Fuse states are ASCII '0' (off) and '1' (on), as in Electron's binary.
const OFF = 0x30;
const ON = 0x31;

function fuseWire(): Buffer {
  const states = FUSE_V1_ORDER.map((name) => (ELECTRON_DEFAULT_FUSES[name] ? ON : OFF));
  return Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, FUSE_V1_ORDER.length, ...states]),
  ]);
}

/** Reads the fuse wire back from a (stand-in or real) Electron binary. */
export function readFuses(binary: Buffer): Record<FuseName, boolean> | null {
  const at = binary.indexOf(FUSE_SENTINEL, 0, 'latin1');
  if (at < 0) return null;
  const wire = at + FUSE_SENTINEL.length;
  if (binary[wire] !== 1) return null;
  const length = binary[wire + 1] ?? 0;
  const fuses = {} as Record<FuseName, boolean>;
  FUSE_V1_ORDER.forEach((name, i) => {
    if (i < length) fuses[name] = binary[wire + 2 + i] === ON;
  });
  return fuses;
}

/** The Electron version the project builds against (node_modules/electron/package.json). */
export async function installedElectronVersion(projectDir: string): Promise<string> {
  const pkg = JSON.parse(
    await readFile(join(projectDir, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version?: unknown };
  if (typeof pkg.version !== 'string') {
    throw new Error('node_modules/electron/package.json has no version: run npm ci first.');
  }
  return pkg.version;
}

/** Writes the stand-in into `dir` (created if missing) and returns `dir`. */
export async function createStandInElectron(dir: string, electronVersion: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  await writeFile(join(dir, 'version'), electronVersion);
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\n# Stand-in for Electron, for packaging tests. Fuse wire: '),
    fuseWire(),
    Buffer.from(
      '\n[ -n "$STAND_IN_ELECTRON_LOG" ] && printf \'%s\\n\' "$PWD" "$@" > "$STAND_IN_ELECTRON_LOG"',
    ),
    Buffer.from('\necho "This is a stand-in for Electron and cannot run the app." >&2\nexit 1\n'),
  ]);
  const executable = join(dir, 'electron');
  await writeFile(executable, script);
  await chmod(executable, 0o755);
  return dir;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: tsx scripts/stand-in-electron.ts <dir>');
    process.exitCode = 2;
    return;
  }
  const version = await installedElectronVersion(process.cwd());
  await createStandInElectron(resolve(dir), version);
  console.log(`Stand-in Electron ${version} written to ${resolve(dir)}`);
}

// Run only as a script, not when a test imports the helpers above.
if (process.argv[1] && /stand-in-electron\.ts$/.test(process.argv[1])) {
  void main();
}
