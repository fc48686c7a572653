import Module, { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronStandIn } from './index';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };
const require = createRequire(import.meta.url);

/** The bundle users run, from `npm run build`. */
export const MAIN_BUNDLE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'out',
  'main',
  'index.js',
);

/** Libraries that require('electron') as they load: loaded afresh with each stand-in. */
const RELOADED = [
  `${sep}electron-menubar${sep}`,
  `${sep}electron-log${sep}`,
  `${sep}electron-updater${sep}`,
];

export interface LoadOptions {
  /** 'missing': keytar's native module does not load, as where libsecret is not installed. */
  readonly keytar?: 'real' | 'missing';
}

/**
 * Loads out/main/index.js with the stand-in wherever anything asks for
 * `electron` (the bundle and the libraries it requires), through Node's
 * module loader: what the bundle requires later (keytar on first use,
 * electron-updater) goes through the same hook. Returns the undo.
 */
export function loadMainBundle(standIn: ElectronStandIn, options: LoadOptions = {}): () => void {
  const original = loader._load;
  loader._load = function (request, parent, isMain) {
    if (request === 'electron') return standIn.module;
    if (request === 'keytar' && options.keytar === 'missing')
      throw new Error(
        'libsecret-1.so.0: cannot open shared object file: No such file or directory',
      );
    return original.call(this, request, parent, isMain);
  };
  for (const path of Object.keys(require.cache))
    if (path === MAIN_BUNDLE || RELOADED.some((part) => path.includes(part)))
      delete require.cache[path];
  try {
    require(MAIN_BUNDLE);
  } catch (e) {
    loader._load = original;
    throw e;
  }
  return () => {
    loader._load = original;
  };
}
