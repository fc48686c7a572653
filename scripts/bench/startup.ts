import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SETTINGS_FILE } from '../../main/app/core';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { REPO_ROOT } from './floor-build';
import { signedInCore } from './main-side';
import { now, repeatPaired, shortOfRuns, within } from './repeat';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';

export const STARTUP_TASKS = 50;
const STARTUP_RUNS = 10;
const CAP_MS = 30_000;

export const STARTUP_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3.5 },
  why: 'the time from starting main’s process to its core ready (settings read, profile restored: where the app makes its tray) against Node starting and loading an empty bundle, in turns in the same run: the ratio is what main’s own code costs at every login, on any machine.',
};

/** Runs `node bundle dir` until it prints "ready": ms from the spawn. */
function timeToReady(bundle: string, dir: string): Promise<number> {
  const t0 = now();
  const child = spawn(process.execPath, [bundle, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(now() - t0);
    });
    child.on('exit', (code) =>
      reject(new Error(`The stand-in left with ${code} before "ready": ${err.slice(0, 300)}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return within(15_000, 'The stand-in being ready', ready).then(
    async (ms) => {
      await exited;
      return ms;
    },
    (e: unknown) => {
      child.kill();
      throw e;
    },
  );
}

/**
 * Item 13: main's start. Electron cannot load out/main here, so the stand-in
 * is main's core bundled alone (startup-entry.ts, main's dependencies left
 * external as in out/main) started in a new Node process on the settings of a
 * signed-in profile with 50 pinned tasks, until the core is ready; the floor
 * is a new Node process loading an empty bundle.
 */
export const startup: Measurement = {
  item: 13,
  id: 'startup',
  title: 'Start of main (core ready)',
  async run(ctx): Promise<BenchResult[]> {
    const dir = await mkdtemp(join(tmpdir(), 'task-tray-bench-startup-'));
    try {
      await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const bundle = join(dir, 'main.cjs');
      const empty = join(dir, 'empty.cjs');
      await build({
        entryPoints: [join(__dirname, 'startup-entry.ts')],
        outfile: bundle,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        packages: 'external',
        logLevel: 'silent',
      });
      await writeFile(empty, "process.stdout.write('ready\\n');\n");
      // A signed-in profile's settings, as at a login after a day of use.
      const main = await signedInCore(await ctx.service(), STARTUP_TASKS);
      try {
        await copyFile(join(main.dir, SETTINGS_FILE), join(dir, SETTINGS_FILE));
      } finally {
        await main.dispose();
      }
      const plan = { warmup: 2, runs: STARTUP_RUNS, capMs: CAP_MS };
      const samples = await repeatPaired(
        plan,
        () => timeToReady(bundle, dir),
        () => timeToReady(empty, dir),
      );
      const app = pairedFigure('core ready', 'ms', samples.app);
      const floor = pairedFigure('Node, empty bundle', 'ms', samples.floor);
      return [
        {
          item: 13,
          id: 'startup',
          title: 'Start of main (core ready)',
          app,
          floor,
          budget: judge(
            STARTUP_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, plan.runs, plan.capMs),
          ),
          notes: [
            'stand-in: main’s core bundled alone with esbuild (dependencies external, as out/main keeps them), started in a new Node process on a signed-in profile’s settings (50 pinned tasks), key in memory; Electron’s own start and the tray icon are not in it',
            `from the spawn to "ready" on stdout; ${STARTUP_RUNS} runs after 2 warm-up, in turns with the floor`,
          ],
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
