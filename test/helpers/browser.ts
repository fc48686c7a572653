import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere when needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const REPO_ROOT = resolve(__dirname, '../..');
export const RENDERER_OUT = join(REPO_ROOT, 'out/renderer');

/**
 * Headless and quiet: no sandbox (CI runs as root), no GPU, and nothing
 * that would reach the network on its own (updates, sync, QUIC probes).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const e2eRequired = (): boolean => process.env.REQUIRE_E2E === '1';

export interface BrowserGate {
  /** For describe.skipIf: true only when Chromium is missing and not required. */
  readonly skip: boolean;
  /** Call in beforeAll: fails the suite when REQUIRE_E2E=1 and Chromium is missing. */
  assertAvailable(): void;
}

/**
 * Locally the end-to-end tests skip without Chromium; in CI (REQUIRE_E2E=1)
 * a missing browser is a failure, so a broken image cannot pass by skipping.
 */
export function browserGate(): BrowserGate {
  const available = existsSync(CHROMIUM_PATH);
  return {
    skip: !available && !e2eRequired(),
    assertAvailable() {
      if (!available)
        throw new Error(
          `REQUIRE_E2E=1 but there is no Chromium at ${CHROMIUM_PATH}. Install it ` +
            '(apt-get install chromium) or set CHROMIUM_PATH.',
        );
    },
  };
}

export interface LaunchedBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile every time, removed on close: no state leaks between runs. */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'task-tray-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    // The popup's size (main/window/window-options.ts).
    viewport: { width: 380, height: 600 },
    deviceScaleFactor: 2,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  // A popup answers in milliseconds: ten seconds of waiting means something is wrong.
  context.setDefaultTimeout(10_000);
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

const run = promisify(execFile);

/**
 * The tests load what `npm run build` produced. `npm run test:e2e` builds
 * first; a bare `vitest run --project e2e` on a fresh checkout builds here.
 */
export async function ensureRendererBuilt(): Promise<string> {
  const index = join(RENDERER_OUT, 'index.html');
  if (!existsSync(index)) {
    await run(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: REPO_ROOT,
        timeout: 120_000,
      },
    );
  }
  if (!existsSync(index)) throw new Error(`The build did not produce ${index}.`);
  return RENDERER_OUT;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves a folder on 127.0.0.1 (port 0), GET only, nothing outside the folder. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(base, path === '/' ? 'index.html' : path));
      const inside = file === base || file.startsWith(base + sep);
      const info = inside && req.method === 'GET' ? await stat(file).catch(() => null) : null;
      if (!info?.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      res
        .writeHead(200, {
          'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
        })
        .end(await readFile(file));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * The real preload bridge (preload/bridge.ts), bundled for the page. In the
 * app, ipcRenderer carries its calls; here the CDP binding of
 * ./page-bridge.ts does (see there), and main's events arrive the same way. Nothing else is added to the page.
 */
export async function bridgeInitScript(): Promise<string> {
  const esbuild = await import('esbuild');
  const entry = `
    import { WIRE } from './common/channels';
    import { createBridge } from './preload/bridge';
    import { PAGE_TRANSPORT as T } from './test/helpers/page-bridge';
    const listeners = new Map();
    const waiting = new Map();
    let nextId = 1;
    const api = createBridge({
      invoke: (channel, input) =>
        new Promise((resolve, reject) => {
          const id = nextId++;
          waiting.set(id, { resolve, reject });
          window[T.invoke](JSON.stringify({ id, channel, input }));
        }),
      subscribe: (channel, listener) => {
        let set = listeners.get(channel);
        if (!set) listeners.set(channel, (set = new Set()));
        set.add(listener);
        return () => set.delete(listener);
      },
      hello: () => window[T.invoke](JSON.stringify({ channel: WIRE.hello })),
      pathForFile: (file) => window[T.filePaths]?.[file.name] ?? '',
    });
    Object.defineProperty(window, 'api', { value: api, enumerable: true });
    Object.defineProperty(window, T.reply, {
      value: (id, failed, answer) => {
        const w = waiting.get(id);
        if (!w) return;
        waiting.delete(id);
        if (failed) w.reject(new Error('main did not answer'));
        else w.resolve(answer);
      },
    });
    Object.defineProperty(window, T.emit, {
      value: (channel, payload) => {
        for (const l of [...(listeners.get(channel) ?? [])]) l(payload);
      },
    });
  `;
  const out = await esbuild.build({
    stdin: { contents: entry, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: 'e2e-bridge.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  const text = out.outputFiles[0]?.text;
  if (!text) throw new Error('esbuild produced no bridge bundle.');
  return text;
}
