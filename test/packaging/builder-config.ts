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

interface LockEntry {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

function lockPackages(): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return lock.packages;
}

/** The package name at the end of a package-lock path (node_modules/a/node_modules/@s/b → @s/b). */
const nameAt = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 13);

/**
 * Every module `names` pull in at run time, by package name, resolved the way Node does:
 * a dependency is found in the nearest node_modules above its dependent (so electron-updater's
 * own semver, nested under it, counts as electron-updater's).
 */
export function lockClosure(names: readonly string[]): Set<string> {
  const packages = lockPackages();
  const resolve = (from: string, name: string): string | null => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return null;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
  };
  const seen = new Set<string>();
  const visit = (path: string | null): void => {
    if (path === null || seen.has(path)) return;
    seen.add(path);
    const entry = packages[path];
    for (const dep of Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies })) {
      visit(resolve(path, dep));
    }
  };
  for (const name of names) visit(resolve('', name));
  return new Set([...seen].map(nameAt));
}

/** package.json's `dependencies`: what electron-builder packs into app.asar. */
export function productionDependencies(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(pkg.dependencies);
}

/**
 * What keytar needs only to be installed (prebuild-install, node-addon-api and what they
 * pull in), less any module another dependency needs at run time: electron-builder.yml
 * leaves these out of the package by name, at any depth.
 */
export function keytarInstallTimeModules(): Set<string> {
  const needed = lockClosure(productionDependencies().filter((n) => n !== 'keytar'));
  return new Set(
    [...lockClosure(['prebuild-install', 'node-addon-api'])].filter(
      (n) => !needed.has(n) && n !== 'keytar',
    ),
  );
}

/** The modules the packaged app needs at run time, by name. */
export function runtimeModules(): Set<string> {
  const installOnly = keytarInstallTimeModules();
  return new Set([...lockClosure(productionDependencies())].filter((n) => !installOnly.has(n)));
}

/** The module names electron-builder.yml's `files` leave out of every node_modules folder. */
export function excludedModules(config: Record<string, Json>): string[] {
  const pattern = (config.files as string[]).find((f) => f.startsWith('!**/node_modules/{'));
  return pattern?.slice('!**/node_modules/{'.length, pattern.indexOf('}')).split(',') ?? [];
}

/** Any YAML electron-builder wrote (app-update.yml, latest*.yml), read with its own parser. */
export function loadYaml(text: string): unknown {
  return yaml.load(text);
}
