/**
 * What a new user has after `git clone` and `npm install`: the files git would hand them
 * (tracked plus new, unignored ones, as they are in the working tree), with this project's
 * node_modules hard-linked in, minus what Electron's first-use download would have added.
 * Call with a folder under ROOT/release (same file system as node_modules).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ROOT } from './builder-config';

export async function freshClone(into: string): Promise<void> {
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

/**
 * The environment of a new user's shell (none of this test run's npm or Electron settings)
 * where any download fails at once instead of quietly succeeding: a dead mirror and proxy,
 * and empty caches in `cacheDir`.
 */
export function offlineUserEnv(
  cacheDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|ELECTRON_|NODE_ENV|VITEST)/i.test(name)) env[name] = value;
  }
  return {
    ...env,
    ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    HTTPS_PROXY: 'http://127.0.0.1:9',
    HTTP_PROXY: 'http://127.0.0.1:9',
    https_proxy: 'http://127.0.0.1:9',
    http_proxy: 'http://127.0.0.1:9',
    ELECTRON_CACHE: cacheDir,
    electron_config_cache: cacheDir,
    ELECTRON_BUILDER_CACHE: cacheDir,
    ...extra,
  };
}
