import type { LaunchedBrowser, StaticServer } from '../../test/helpers/browser';
import {
  bridgeInitScript,
  ensureRendererBuilt,
  launchBrowser,
  serveStatic,
} from '../../test/helpers/browser';
import { startBenchService } from './bench-service';
import type { BenchService } from './bench-service';
import { buildFloor } from './floor-build';
import type { FloorBuild } from './floor-build';

/** How many tasks the reference service holds for the benchmark: item 5 and 6 use all of them. */
export const SERVICE_TASKS = 200;

/**
 * What the runner hands every measurement. The expensive parts (Chromium, the
 * floor build, the reference service) start on first use and are shared, so a
 * run of one measurement starts only what it needs.
 */
export interface BenchContext {
  readonly warmup: number;
  readonly runs: number;
  /** The built renderer (out/renderer). */
  readonly rendererDir: string;
  /** Progress on stderr, so stdout holds only the table. */
  progress(line: string): void;
  floor(): Promise<FloorBuild>;
  service(): Promise<BenchService>;
  browser(): Promise<LaunchedBrowser>;
  /** out/renderer on loopback. */
  site(): Promise<StaticServer>;
  /** The floor build on loopback. */
  floorSite(): Promise<StaticServer>;
  /** The preload bridge bundled for a page (test/helpers/browser.ts). */
  bridge(): Promise<string>;
}

/** Starts `make` on first call only; later calls share the same promise. */
const lazy = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  const get = (): Promise<T> => (p ??= make());
  /** What was started, for stopping; never starts anything. */
  const started = (): Promise<T> | undefined => p;
  return Object.assign(get, { started });
};

export async function createContext(opts: {
  warmup: number;
  runs: number;
  progress: (line: string) => void;
}): Promise<
  BenchContext & {
    /** The version of the Chromium the run used, if it used one. */
    chromiumVersion(): Promise<string | null>;
    dispose(): Promise<void>;
  }
> {
  const rendererDir = await ensureRendererBuilt();
  const floor = lazy(buildFloor);
  const service = lazy(() => startBenchService(SERVICE_TASKS));
  const browser = lazy(launchBrowser);
  const site = lazy(() => serveStatic(rendererDir));
  const floorSite = lazy(async () => serveStatic((await floor()).outDir));
  const stop = async <T>(p: Promise<T> | undefined, how: (t: T) => Promise<void>) => {
    if (p) await p.then(how, () => undefined);
  };
  return {
    ...opts,
    rendererDir,
    floor,
    service,
    browser,
    site,
    floorSite,
    bridge: lazy(bridgeInitScript),
    async chromiumVersion() {
      const b = await browser.started()?.catch(() => null);
      return b?.context.browser()?.version() ?? null;
    },
    async dispose() {
      // Chromium first: a static server waits for the connections Chromium keeps open.
      await stop(browser.started(), (b) => b.close());
      await stop(site.started(), (s) => s.close());
      await stop(floorSite.started(), (s) => s.close());
      await stop(floor.started(), (f) => f.dispose());
      await stop(service.started(), (s) => s.close());
    },
  };
}
