import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// One build for the three processes. Main and preload keep their node_modules
// external (keytar is native; electron-menubar and electron-updater ship CommonJS); the renderer bundles React.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(__dirname, 'main/index.ts') },
        // Lazy native modules (keytar) load with require() in the CommonJS main bundle, the
        // well-trodden path for a .node file unpacked beside app.asar.
        output: { dynamicImportInCjs: false },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but electron: bundle everything.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves minification off; the popup's first paint pays for every byte it parses.
      minify: true,
      // A lazy chunk's own imports load when it runs, not beside it: the map of which chunk needs
      // which (hashed names, which compress poorly) would otherwise ride in the first screen's
      // script for screens it does not show, and those chunks are local files, a millisecond away.
      // The page's own imports keep their preload links; a lazy chunk's CSS is not in `deps` (Vite
      // loads it with the chunk whatever this returns), so a screen never shows unstyled.
      modulePreload: {
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      rollupOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
        // Everything the page imports at start goes in one file: left to itself, Rolldown puts
        // what the lazy screens share with it (React, the API context) in files of their own,
        // two more requests at every start. The group takes the entry's own module too, so
        // Rolldown's chunk optimisation folds it into the entry's chunk (the name alone does
        // not; that pass is off if any module uses top-level await). Lazy screens keep theirs.
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
      },
    },
  },
});
