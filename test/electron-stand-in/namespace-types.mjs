// Writes Electron's own types without their `declare module 'electron'`, for
// tsconfig.boot.json: there `electron` must resolve to the stand-in's narrower
// module (electron-module.d.ts), and an ambient module would win over it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = createRequire(import.meta.url).resolve('electron/electron.d.ts');
const out = join(root, 'out', 'boot-types', 'electron-namespace.d.ts');
let skipping = false;
const kept = readFileSync(source, 'utf8')
  .split('\n')
  .filter((line) => {
    if (line.startsWith('declare module ')) skipping = true;
    else if (skipping && line.startsWith('}')) return (skipping = false);
    return !skipping;
  });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, kept.join('\n'));
