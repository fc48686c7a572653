/**
 * `npm start`: builds the app and runs it in Electron (electron-vite preview).
 *
 * Since Electron 42, `npm install` no longer downloads Electron's binary: Electron fetches
 * it the first time its own entry point (node_modules/electron/index.js) is loaded. electron-vite 6
 * skips that entry point and reads node_modules/electron/path.txt itself, which a fresh
 * install does not have, and stops with "Electron uninstall" (alex8088/electron-vite#904).
 * So this loads Electron's entry point first, which downloads the binary when it is missing
 * and honours ELECTRON_OVERRIDE_DIST_PATH, and hands the path it returns to electron-vite
 * through ELECTRON_EXEC_PATH, which electron-vite reads before path.txt. Nothing happens at
 * install time, so `ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci` and CI stay as they were.
 *
 * Usage: tsx scripts/start.ts [electron-vite preview options]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const projectDir = join(__dirname, '..');
const requireFromProject = createRequire(join(projectDir, 'package.json'));

/** The Electron executable to run, downloading it first if this install has none yet. */
function electronExecutable(): string {
  try {
    // In Node (not inside Electron) the package's main exports the executable's path.
    return requireFromProject('electron') as string;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not download Electron's binary, which the first \`npm start\` needs (${reason})\n` +
        'Check your network. Behind a proxy, set ELECTRON_GET_USE_PROXY=1 with HTTPS_PROXY ' +
        '(and NO_PROXY if needed), since the download ignores the proxy otherwise; ' +
        'ELECTRON_MIRROR names a mirror to download from instead. Then run `npm start` ' +
        'again, or download it alone with `npx install-electron`.',
      { cause: error },
    );
  }
}

function main(): void {
  let electron: string;
  try {
    // electron-vite's own way to name a binary wins, as it would without this script.
    electron = process.env.ELECTRON_EXEC_PATH || electronExecutable();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
    return;
  }
  // The package exports no bin/ path: find the CLI beside its package.json.
  const cli = join(
    dirname(requireFromProject.resolve('electron-vite/package.json')),
    'bin',
    'electron-vite.js',
  );
  const child = spawn(process.execPath, [cli, 'preview', ...process.argv.slice(2)], {
    cwd: projectDir,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_EXEC_PATH: electron },
  });
  // Ctrl+C reaches the whole process group; a plain `kill` of npm reaches only us.
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

main();
