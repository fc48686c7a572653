import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import type { BenchResult, Figure, Measurement } from './report';
import { exact } from './stats';
import { KB } from './format';

/** Gzip as a server or an installer would: level 9, what "gzip size" usually means. */
const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

export interface InitialAssets {
  /** Scripts and module preloads: what must be fetched and parsed before the first render. */
  readonly js: readonly string[];
  readonly css: readonly string[];
}

/** The files index.html loads up front, as paths relative to the HTML file. */
export function initialAssets(html: string): InitialAssets {
  const attr = (tag: string, name: string): string | null =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1] ?? null;
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) js.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'stylesheet') css.push(href);
    else if (rel === 'modulepreload') js.push(href);
  }
  return { js, css };
}

export interface Weight {
  readonly jsGzip: number;
  readonly cssGzip: number;
  readonly jsRaw: number;
  readonly cssRaw: number;
  readonly files: readonly string[];
}

/**
 * The files a module imports statically (`import … from "./x.js"`, `import "./x.js"`, minified
 * or not): they run before it does, whether or not the page links them. `import("./x.js")`,
 * which loads when called, is not one.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:from|import)\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1/g))
    found.add(m[2] as string);
  return [...found];
}

/** A path index.html gives ("./assets/x.js"), as a path inside outDir ("assets/x.js"). */
const inOutDir = (p: string): string => posix.normalize(p.replace(/^\.?\//, ''));

/** The page's scripts and, transitively, what they import statically, as paths inside outDir. */
async function initialScripts(outDir: string, linked: readonly string[]): Promise<string[]> {
  const files = linked.map(inOutDir);
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as string;
    const code = await readFile(join(outDir, file), 'utf8');
    for (const spec of staticImports(code)) {
      const dep = posix.join(posix.dirname(file), spec);
      if (!files.includes(dep)) files.push(dep);
    }
  }
  return files;
}

/**
 * Sums raw and gzip bytes of the initial JS and CSS of a built index.html: the
 * scripts it loads and everything they import statically (a preload link
 * missing from the page must not make a file weigh nothing), and its stylesheets.
 */
export async function measureWeight(outDir: string): Promise<Weight> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const assets = initialAssets(html);
  if (assets.js.length === 0) throw new Error(`${outDir}/index.html loads no script.`);
  const sum = async (paths: readonly string[]) => {
    let raw = 0;
    let gz = 0;
    for (const p of paths) {
      const bytes = await readFile(join(outDir, p));
      raw += bytes.length;
      gz += gzipSize(bytes);
    }
    return { raw, gz };
  };
  const scripts = await initialScripts(outDir, assets.js);
  const styles = assets.css.map(inOutDir);
  const js = await sum(scripts);
  const css = await sum(styles);
  return {
    jsGzip: js.gz,
    cssGzip: css.gz,
    jsRaw: js.raw,
    cssRaw: css.raw,
    files: [...scripts, ...styles],
  };
}

export const JS_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 1.25 },
  why: 'React and ReactDOM alone, built with the app’s own renderer config, are what any React popup downloads and parses first; the ratio is what the app adds on top for its first screen. Views it does not show first load when opened.',
};
export const CSS_BUDGET: BudgetSpec = {
  rule: { kind: 'at-most', max: 10 * KB },
  why: 'React brings no CSS, so there is no floor: the budget is absolute.',
};

/** Item 1: what the popup makes Chromium download and parse before it can draw anything. */
export const rendererWeight: Measurement = {
  item: 1,
  id: 'renderer-weight',
  title: 'Renderer weight',
  async run(ctx): Promise<BenchResult[]> {
    const app = await measureWeight(ctx.rendererDir);
    const floor = await measureWeight((await ctx.floor()).outDir);
    const jsApp: Figure = { label: 'app', unit: 'bytes', summary: exact(app.jsGzip) };
    const jsFloor: Figure = { label: 'React alone', unit: 'bytes', summary: exact(floor.jsGzip) };
    const cssApp: Figure = { label: 'app', unit: 'bytes', summary: exact(app.cssGzip) };
    const sizes = (w: Weight, what: 'JS' | 'CSS') =>
      what === 'JS'
        ? `${(w.jsRaw / KB).toFixed(1)} KB minified`
        : `${(w.cssRaw / KB).toFixed(1)} KB minified`;
    return [
      {
        item: 1,
        id: 'renderer-weight-js',
        title: 'Renderer weight: initial JS, gzip',
        app: jsApp,
        floor: jsFloor,
        budget: judge(JS_BUDGET, jsApp, jsFloor),
        notes: [
          `app files: ${app.files.join(', ')}`,
          `app ${sizes(app, 'JS')}, floor ${sizes(floor, 'JS')}; gzip level 9; 1 KB = 1000 bytes`,
          'sizes are the same on every build: measured once',
        ],
      },
      {
        item: 1,
        id: 'renderer-weight-css',
        title: 'Renderer weight: initial CSS, gzip',
        app: cssApp,
        floor: null,
        budget: judge(CSS_BUDGET, cssApp, null),
        notes: [`app ${sizes(app, 'CSS')}`],
      },
    ];
  },
};
