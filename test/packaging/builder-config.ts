/** Loads electron-builder.yml the way electron-builder does (js-yaml, its own dependency). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

// js-yaml ships no types and is not a direct dependency: electron-builder brings it.
const require = createRequire(join(ROOT, 'package.json'));
const yaml = require('js-yaml') as { load(text: string): unknown };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function loadBuilderConfig(): Record<string, Json> {
  const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8'));
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new Error('electron-builder.yml is not a mapping');
  }
  return config as Record<string, Json>;
}

export function builderSchema(): object {
  return JSON.parse(
    readFileSync(join(ROOT, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
  ) as object;
}
