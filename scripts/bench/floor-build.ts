import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfigFromFile, RendererConfigFactory } from 'electron-vite';
import { build } from 'vite';
import { FLOOR_ROWS_HTML, floorRowsMain } from './floor-rows';

export const REPO_ROOT = resolve(__dirname, '../..');

/**
 * The floor of the renderer: React and ReactDOM alone, one component drawn
 * with createRoot. It sets the same mark the popup sets when its task list is
 * on screen, the same way (renderer/lib/after-paint.ts: from a layout effect,
 * a user-blocking task queued from the next frame callback, so right after
 * that frame's paint), so the same page-load and heap measurements apply to it.
 * Item 1 weighs it; the renderer timings use rows.html beside it (floor-rows.ts).
 */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Floor</title></head>
  <body><div id="root"></div><script type="module" src="./main.jsx"></script></body>
</html>
`;
const FLOOR_MAIN = `import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  useLayoutEffect(() => {
    requestAnimationFrame(() =>
      scheduler.postTask(() => performance.mark('tasks-painted'), { priority: 'user-blocking' }),
    );
  }, []);
  return <p>Task Tray</p>;
}
createRoot(document.getElementById('root')).render(<App />);
`;

export interface FloorBuild {
  /** The built floor: index.html and assets/, to measure and to serve. */
  readonly outDir: string;
  dispose(): Promise<void>;
}

/**
 * Builds the floor with the app's own renderer config (electron.vite.config.ts:
 * plugins, minify, target) run through electron-vite's renderer preset, as
 * `npm run build` does; only the entry and the output folder differ.
 */
export async function buildFloor(): Promise<FloorBuild> {
  const dir = await mkdtemp(join(tmpdir(), 'task-tray-bench-floor-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const src = join(dir, 'src');
    const outDir = join(dir, 'out');
    await writeFile(join(dir, 'package.json'), '{ "private": true }\n');
    // React resolves from the repo's node_modules, as the app's does.
    await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await mkdir(src);
    await writeFile(join(src, 'index.html'), FLOOR_HTML);
    await writeFile(join(src, 'main.jsx'), FLOOR_MAIN);
    await writeFile(join(src, 'rows.html'), FLOOR_ROWS_HTML);
    await writeFile(join(src, 'rows.jsx'), floorRowsMain());

    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(REPO_ROOT, 'electron.vite.config.ts'),
      REPO_ROOT,
      'silent',
      true,
    );
    const app = loaded.config.renderer;
    if (!app || typeof app === 'function')
      throw new Error('electron.vite.config.ts has no renderer section to build the floor with.');
    process.env.NODE_ENV_ELECTRON_VITE = 'production';
    // One build per page, so index.html weighs exactly React and one component.
    for (const [page, first] of [
      ['index', true],
      ['rows', false],
    ] as const) {
      const input = { [page]: join(src, `${page}.html`) };
      const renderer = {
        ...app,
        root: src,
        logLevel: 'silent' as const,
        build: {
          ...app.build,
          outDir,
          emptyOutDir: first,
          rollupOptions: { input },
          rolldownOptions: { input },
        },
      };
      const config = await new RendererConfigFactory(
        renderer,
        { mode: 'production', configFile: false },
        { root: dir },
      ).build();
      await build({ ...config, configFile: false, mode: 'production' });
    }
    return { outDir, dispose: cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
