import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paceMinimumMs } from './assigned';
import { createVirtualClock } from './virtual-clock';
import { initialAssets, measureWeight } from './renderer-weight';
import { repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { BULK_BUDGET } from './bulk';
import { bulkLayers, layersNote } from './bulk-layers';
import { startBenchService } from './bench-service';
import { barePut } from './bare-put';
import { FIRST_RENDER_BUDGET } from './first-render';
import { pairedFigure } from './report';
import type { BenchResult } from './report';
import { median, summarize } from './stats';
import { nextStatus } from './statuses';
import { formatFigure, renderTable } from './table';
import { originOf } from './timer-census';
import { REPO_ROOT } from './floor-build';

// The benchmark's own arithmetic and verdicts: a wrong median or a lenient
// verdict would print a false figure in the README. Not part of `npm test`
// (no vitest project covers scripts/): run with `npx vitest run --config scripts/bench/vitest.config.mts`.

describe('summaries', () => {
  it('takes the middle of unsorted runs, and the mean of the middle two for an even count', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3 });
  });

  it('refuses a run that produced no number instead of printing NaN', () => {
    expect(() => summarize([1, Number.NaN])).toThrow(/not a finite number/);
    expect(() => median([])).toThrow(/no measurements/);
  });
});

describe('what the renderer loads up front', () => {
  it('counts scripts and module preloads as JS and stylesheets as CSS, nothing else', () => {
    const html = `<head>
      <link rel="icon" href="./favicon.png">
      <script type="module" crossorigin src="./assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/vendor-b2.js">
      <link rel="stylesheet" crossorigin href="./assets/index-c3.css">
    </head>`;
    expect(initialAssets(html)).toEqual({
      js: ['./assets/index-a1.js', './assets/vendor-b2.js'],
      css: ['./assets/index-c3.css'],
    });
  });
});

describe('what the first screen weighs', () => {
  it('counts what the page’s scripts import statically, linked or not, and nothing loaded on demand', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-weight-'));
    try {
      await mkdir(join(dir, 'assets'));
      const files: Record<string, string> = {
        'index.html': '<script type="module" src="./assets/index.js"></script>',
        // Minified, as the build writes it: the static imports run first, the dynamic one on demand.
        'assets/index.js':
          'import{a as e}from"./dep.js";import"./side.js";const l=()=>import(`./lazy.js`);e(l);',
        'assets/dep.js': 'import { b } from "./deeper.js";\nexport const a = b;',
        'assets/deeper.js': 'export const b = (f) => f;',
        'assets/side.js': 'globalThis.side = 1;',
        'assets/lazy.js': 'export const screen = "x".repeat(10000);',
      };
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      const weight = await measureWeight(dir);
      expect([...weight.files].sort()).toEqual([
        'assets/deeper.js',
        'assets/dep.js',
        'assets/index.js',
        'assets/side.js',
      ]);
      const counted = ['index', 'dep', 'deeper', 'side'].map(
        (n) => files[`assets/${n}.js`]!.length,
      );
      expect(weight.jsRaw).toBe(counted.reduce((a, b) => a + b, 0));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('verdicts', () => {
  const withinCap = shortOfRuns(20, 20, 50_000);

  it('fails a measurement cut short by its time cap, even when its figure is within budget', () => {
    const short = shortOfRuns(3, 20, 50_000);
    expect(short).toBe('only 3 of 20 runs within the 50 s cap');
    const spec: BudgetSpec = { rule: { kind: 'at-most', max: 30 }, why: '' };
    const app = pairedFigure('app', 'ms', [10, 12, 11]);
    expect(judge(spec, app, null, short)).toMatchObject({ pass: false, checked: short });
    expect(judge(spec, app, null, withinCap).pass).toBe(true);
  });

  it('judges a budget against the floor measured beside the app in the same run', () => {
    // The same app figure passes beside a slow floor and fails beside a fast one:
    // the floor is part of the row, never a constant from another machine or run.
    const app = pairedFigure('app', 'ms', [120, 125, 130]);
    const slowMachine = pairedFigure('React alone', 'ms', [100, 98, 104]);
    const fastMachine = pairedFigure('React alone', 'ms', [60, 62, 59]);
    const onSlow = judge(FIRST_RENDER_BUDGET, app, slowMachine, withinCap);
    const onFast = judge(FIRST_RENDER_BUDGET, app, fastMachine, withinCap);
    expect(onSlow).toMatchObject({ pass: true, versus: '+26.0 ms' });
    expect(onFast).toMatchObject({ pass: false, versus: '+63.0 ms' });
    expect(onSlow.text).toBe('≤ +30 ms over React alone');

    const bare = pairedFigure('bare PUTs', 'changes/s', [1000, 1000, 1000]);
    expect(
      judge(BULK_BUDGET, pairedFigure('app', 'changes/s', [790, 800, 810]), bare),
    ).toMatchObject({ pass: true, versus: '80 %' });
    expect(
      judge(BULK_BUDGET, pairedFigure('app', 'changes/s', [780, 790, 795]), bare),
    ).toMatchObject({ pass: false, versus: '79 %' });
  });

  it('compares paired runs run by run, so one slow moment weighs on one pair only', () => {
    // Runs 2 and 3 hit a busy moment that slowed both sides by 40 ms: the runs'
    // differences stay at +20, where the difference of the medians would say +40.
    const app = pairedFigure('app', 'ms', [100, 140, 140, 100, 100]);
    const floor = pairedFigure('React alone', 'ms', [80, 120, 120, 80, 40]);
    expect(judge(FIRST_RENDER_BUDGET, app, floor).versus).toBe('+20.0 ms');
  });

  it('refuses a comparison with no floor or a floor in another unit, instead of passing it', () => {
    const app = pairedFigure('app', 'ms', [1]);
    expect(() => judge(FIRST_RENDER_BUDGET, app, null)).toThrow(/needs a floor/);
    expect(() => judge(FIRST_RENDER_BUDGET, app, pairedFigure('x', 'MB', [1]))).toThrow(
      /not comparable/,
    );
  });

  it('prints a failed budget and an unmeasured item as FAIL, with the comparison and the reason', () => {
    const app = pairedFigure('app', 'ms', [12, 10, 11]);
    const floor = pairedFigure('bare PUT', 'ms', [2, 2, 2]);
    const row: BenchResult = {
      item: 3,
      id: 'x',
      title: 'Status change',
      app,
      floor,
      budget: judge({ rule: { kind: 'over-floor', max: 5 }, why: '' }, app, floor),
      notes: [],
    };
    const table = renderTable([row, { item: 4, id: 'y', title: 'E2E', error: 'no Chromium' }]);
    expect(table).toMatch(
      /Status change .*app: 11\.0 ms \(10\.0–12\.0, n=3\).*│ \+9\.0 ms +│ ≤ \+5 ms over bare PUT +│ FAIL/,
    );
    expect(table).toMatch(/E2E .*could not measure: no Chromium.*FAIL/);
    expect(formatFigure({ label: 'app', unit: 'bytes', summary: summarize([80_600]) })).toBe(
      '80.6 KB',
    );
  });
});

describe('paired runs', () => {
  it('records no warm-up run and swaps which side goes first every run', async () => {
    const order: string[] = [];
    const out = await repeatPaired(
      { warmup: 1, runs: 2 },
      async (i) => (order.push(`app${i}`), i),
      async (i) => (order.push(`floor${i}`), 10 + i),
    );
    expect(order).toEqual(['app0', 'floor0', 'floor1', 'app1', 'app2', 'floor2']);
    expect(out).toEqual({ app: [1, 2], floor: [11, 12] });
  });

  it('stops at the time cap but keeps at least one recorded run', async () => {
    const out = await repeatPaired(
      { warmup: 2, runs: 20, capMs: 0 },
      async () => 1,
      async () => 2,
    );
    expect(out).toEqual({ app: [1], floor: [2] });
  });
});

describe('where a timer comes from', () => {
  it('tells main’s timers from the reference service’s, Node’s fetch and the benchmark’s own', () => {
    expect(originOf(`${REPO_ROOT}/main/scheduler/scheduler.ts:59`)).toBe('app');
    expect(originOf(`${REPO_ROOT}/main/demo/server.ts:150`)).toBe('reference service');
    expect(originOf('node:internal/deps/undici/undici:2240')).toBe("Node's fetch (undici)");
    expect(originOf(`${REPO_ROOT}/scripts/bench/idle.ts:30`)).toBe('benchmark');
    expect(originOf(`${REPO_ROOT}/node_modules/playwright-core/lib/x.js:1`)).toBe('other');
  });
});

describe('the layers under item 5', () => {
  it('sends every change through the client, then through the outbox and its file, each judged against the floor run beside it', async () => {
    const service = await startBenchService(12);
    let dir: string | null = null;
    try {
      dir = await mkdtemp(join(tmpdir(), 'bench-layers-'));
      const ids = service.taskIds.slice(0, 12);
      const plan = { warmup: 0, runs: 2 };
      // The service's tasks start with statuses of every kind.
      expect(new Set(ids.map((id) => service.statusOf(id))).size).toBeGreaterThan(1);
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      // A floor far slower than any layer, then one that takes no time at all: the share
      // follows the floor measured in the same run, not a figure from elsewhere.
      const outboxFile = join(dir, 'outbox.json');
      const slow = await bulkLayers(service, ids, plan, () => sleep(1000), outboxFile);
      const instant = await bulkLayers(service, ids, plan, async () => {});
      expect(slow.map((s) => [s.layer, s.runs])).toEqual([
        ['client', 2],
        ['outbox', 2],
      ]);
      for (const s of slow) expect(s.share).toBeGreaterThan(1);
      for (const s of instant) expect(s.share).toBeLessThan(1);
      // The outbox layer kept its changes in its file, and emptied it as they landed.
      const kept = JSON.parse(await readFile(outboxFile, 'utf8')) as { entries: unknown[] };
      expect(kept.entries).toEqual([]);

      // With real bare PUTs in turns: each side's run is a change the other did not make
      // (a run of either side that would change nothing is refused), and it leaves one
      // status for all. Three runs: the client's last run is the floor's, and the outbox's
      // first follows it.
      const real = await bulkLayers(service, ids, { warmup: 0, runs: 3 }, (status) =>
        Promise.all(ids.map((id) => barePut(service, id, status))).then(() => undefined),
      );
      for (const s of real) expect(Number.isFinite(s.share) && s.share > 0).toBe(true);
      expect(new Set(ids.map((id) => service.statusOf(id))).size).toBe(1);
    } finally {
      await service.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says each layer’s share as item 5’s budget reads it, and a share cut short by its cap', () => {
    const plan = { warmup: 2, runs: 20, capMs: 10_000 };
    const note = layersNote(
      [
        { layer: 'client', share: 0.814, runs: 20 },
        { layer: 'outbox', share: 0.726, runs: 7 },
      ],
      plan,
    );
    expect(note).toContain('service client alone keeps 81 % of the bare PUTs');
    expect(note).toContain('the outbox with it 73 % (each change');
    expect(note).toMatch(/; the outbox's share is from only 7 of 20 runs within the 10 s cap$/);
    expect(note).not.toContain("client's share is from");
    expect(layersNote([], plan)).toBe('the layers were not measured');
  });
});

it('moves every task to a different status each run, whatever it starts from', () => {
  expect(nextStatus('todo')).toBe('in_progress');
  expect(nextStatus('canceled')).toBe('todo');
  expect(nextStatus('archived')).toBe('todo');
});

describe('assigned to me, at its pace', () => {
  it('a virtual clock fires a timer at once and moves to its due time; a cancelled one moves nothing', async () => {
    const clock = createVirtualClock();
    const start = clock.now();
    const cancel = clock.scheduler.after(60_000, () => undefined, 'never');
    cancel();
    await new Promise<void>((resolve) => clock.scheduler.after(1_500, resolve, 'pacing'));
    const moved = clock.now() - start;
    expect(moved).toBeGreaterThanOrEqual(1_500);
    expect(moved).toBeLessThan(1_500 + 1_000);
  });

  it('counts the pace’s minimum: the burst at once, the rest at the refill rate', () => {
    expect(paceMinimumMs(10)).toBe(0);
    const slow = paceMinimumMs(208);
    // 70 a minute, less a reserve, over windows 10 % longer: about 5.8 minutes for 208 reads.
    expect(slow / 60_000).toBeGreaterThan(5);
    expect(slow / 60_000).toBeLessThan(6.5);
  });
});
