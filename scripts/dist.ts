/**
 * `npm run dist`: electron-builder, leaving node_modules as it found it.
 *
 * electron-builder rebuilds native modules (keytar) in place, in this project's
 * node_modules, for each target's Electron and architecture (@electron/rebuild). node-gyp
 * cleans build/ before it fetches Electron's headers, so offline, behind a proxy or
 * without a compiler the rebuild fails half-way and keytar's build/ is gone: `npm start`
 * then cannot load the keychain until `npm rebuild keytar`. Even a rebuild that works
 * leaves the last target's architecture behind. So every native module's build/ is
 * copied aside first and put back afterwards, whether packaging worked or not.
 *
 * Usage: tsx scripts/dist.ts [electron-builder options]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const projectDir = join(__dirname, '..');
const nodeModules = join(projectDir, 'node_modules');

/** Package folders in node_modules (scoped ones too) that hold a built native module. */
export async function nativeBuildDirs(modulesDir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (pkg: string) => {
    if (existsSync(join(pkg, 'binding.gyp')) && existsSync(join(pkg, 'build'))) {
      found.push(join(pkg, 'build'));
    }
  };
  for (const entry of await readdir(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(modulesDir, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of await readdir(path, { withFileTypes: true })) {
        if (scoped.isDirectory()) await visit(join(path, scoped.name));
      }
    } else {
      await visit(path);
    }
  }
  return found;
}

function runElectronBuilder(args: string[]): Promise<number> {
  const cli = join(nodeModules, 'electron-builder', 'cli.js');
  const child = spawn(process.execPath, [cli, ...args], { cwd: projectDir, stdio: 'inherit' });
  // Ctrl+C reaches electron-builder too (same process group): wait for it, then restore.
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<void> {
  const builds = await nativeBuildDirs(nodeModules);
  // Inside node_modules (ignored by git): same file system, and nothing left in the tree.
  const saved = await mkdtemp(join(nodeModules, '.dist-native-builds-'));
  for (const [i, build] of builds.entries()) {
    await cp(build, join(saved, String(i)), { recursive: true, verbatimSymlinks: true });
  }
  process.exitCode = await runElectronBuilder(process.argv.slice(2));
  try {
    for (const [i, build] of builds.entries()) {
      await rm(build, { recursive: true, force: true });
      await cp(join(saved, String(i)), build, { recursive: true, verbatimSymlinks: true });
    }
  } catch (error) {
    // Keep the copies: they are the only ones left.
    console.error(
      `Could not put the native modules' build folders back (${String(error)}); ` +
        `copies of ${builds.join(', ')} are in ${saved}, in that order.`,
    );
    process.exitCode = 1;
    return;
  }
  await rm(saved, { recursive: true, force: true });
}

// Run only as a script, not when a test imports the helper above.
if (process.argv[1] && /dist\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
