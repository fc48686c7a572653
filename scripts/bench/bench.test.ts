import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVirtualClock } from './virtual-clock';
import { initialAssets, measureWeight } from './renderer-weight';
import { repeatInTurns, repeatPaired, shortOfRuns } from './repeat';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { BUILD_BUDGET, KEPT_BUDGET, paceMinimumMs } from './assigned';
import { BULK_BUDGET } from './bulk';
import { KEPT_COMPLIANCE_BUDGET, REFRESH_BUDGET } from './compliance';
import { UPLOAD_MEMORY_BUDGET, UPLOAD_TIME_BUDGET } from './evidence';
import { createOutboxLayer } from './bulk-layers';
import { startBenchService } from './bench-service';
import { FIRST_RENDER_BUDGET } from './first-render';
import { MY_WORK_KEPT_BUDGET } from './my-work-kept';
import { KEY_BUDGET, OPEN_BUDGET } from './open-and-key';
import { MEMORY_BUDGET } from './renderer-memory';
import { CSS_BUDGET, JS_BUDGET } from './renderer-weight';
import { STARTUP_BUDGET } from './startup';
import { SEARCH_BUDGET } from './search';
import { OVERHEAD_BUDGET } from './status-main';
import { E2E_BUDGET } from './status-e2e';
import { UPTIME_BUDGET } from './uptime';
import { createSteppedClock } from './stepped-clock';
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

/** Every budget the bench judges with `judge`, by item. */
const BUDGETS: readonly [string, BudgetSpec][] = [
  ['1 JS', JS_BUDGET],
  ['1 CSS', CSS_BUDGET],
  ['2', FIRST_RENDER_BUDGET],
  ['3', OVERHEAD_BUDGET],
  ['4', E2E_BUDGET],
  ['5', BULK_BUDGET],
  ['6', MEMORY_BUDGET],
  ['8', BUILD_BUDGET],
  ['9', KEPT_BUDGET],
  ['10', OPEN_BUDGET],
  ['11', KEY_BUDGET],
  ['12', UPTIME_BUDGET],
  ['13', STARTUP_BUDGET],
  ['14 refresh', REFRESH_BUDGET],
  ['14 kept', KEPT_COMPLIANCE_BUDGET],
  ['14 my work', MY_WORK_KEPT_BUDGET],
  ['15 time', UPLOAD_TIME_BUDGET],
  ['15 memory', UPLOAD_MEMORY_BUDGET],
  ['16', SEARCH_BUDGET],
];

describe('verdicts', () => {
  const withinCap = shortOfRuns(20, 20, 50_000);

  it('fails a measurement cut short by its time cap, even when its figure is within budget', () => {
    const short = shortOfRuns(3, 20, 50_000);
    expect(short).toBe('only 3 of 20 runs within the 50 s cap');
    const app = pairedFigure('app', 'ms', [10, 12, 11]);
    const floor = pairedFigure('React alone', 'ms', [10, 10, 10]);
    expect(judge(FIRST_RENDER_BUDGET, app, floor, short)).toMatchObject({
      pass: false,
      checked: short,
    });
    expect(judge(FIRST_RENDER_BUDGET, app, floor, withinCap).pass).toBe(true);
  });

  it('judges every timed budget against a floor from its own run: the same app figure passes beside a slow floor and fails beside a fast one', () => {
    for (const [item, spec] of BUDGETS) {
      if (spec.rule.kind === 'at-most') continue;
      const limit = spec.rule.kind === 'times-floor' ? spec.rule.max : spec.rule.min;
      const unit = spec.rule.kind === 'times-floor' ? 'ms' : 'changes/s';
      const app = pairedFigure('app', unit, [100, 100, 100]);
      // Floors that put the app just inside, then just outside its limit.
      const within = spec.rule.kind === 'times-floor' ? 100 / (limit * 0.95) : 100 / (limit * 1.05);
      const beyond = spec.rule.kind === 'times-floor' ? 100 / (limit * 1.05) : 100 / (limit * 0.95);
      const floorOf = (v: number) => pairedFigure('floor', unit, [v, v, v]);
      expect([item, judge(spec, app, floorOf(within), withinCap).pass]).toEqual([item, true]);
      expect([item, judge(spec, app, floorOf(beyond), withinCap).pass]).toEqual([item, false]);
      // And none can be judged without one.
      expect(() => judge(spec, app, null)).toThrow(/needs a floor/);
    }
    expect(
      judge(FIRST_RENDER_BUDGET, pairedFigure('app', 'ms', [140]), pairedFigure('f', 'ms', [100])),
    ).toMatchObject({ pass: true, versus: '1.40×', text: '≤ 1.4× f' });
    expect(
      judge(
        BULK_BUDGET,
        pairedFigure('app', 'changes/s', [840]),
        pairedFigure('f', 'changes/s', [1000]),
      ),
    ).toMatchObject({ pass: false, versus: '84 %', text: '≥ 85 % of f' });
  });

  it('allows an absolute budget only for what no machine changes: bytes and counts, not a time or a heap', () => {
    const absolute = BUDGETS.filter(([, spec]) => spec.rule.kind === 'at-most').map(([i]) => i);
    expect(absolute).toEqual(['1 CSS']);
    const spec: BudgetSpec = { rule: { kind: 'at-most', max: 30 }, why: '' };
    expect(judge(spec, pairedFigure('css', 'bytes', [20]), null).pass).toBe(true);
    for (const unit of ['ms', 's', 'MB'] as const)
      expect(() => judge(spec, pairedFigure('app', unit, [1]), null)).toThrow(/another machine/);
  });

  it('compares paired runs run by run, so one slow moment weighs on one pair only', () => {
    // Runs 2 and 3 hit a busy moment that slowed both sides alike, run 5 one that slowed the
    // floor alone: the runs' ratios stay at 1.25, where the ratio of the medians would say 0.71.
    const app = pairedFigure('app', 'ms', [100, 175, 175, 100, 100]);
    const floor = pairedFigure('React alone', 'ms', [80, 140, 140, 80, 150]);
    expect(judge(FIRST_RENDER_BUDGET, app, floor).versus).toBe('1.25×');
    // Runs not taken in pairs compare by their medians.
    expect(judge(FIRST_RENDER_BUDGET, app, pairedFigure('x', 'ms', [80, 140])).versus).toBe(
      '0.91×',
    );
  });

  it('refuses a comparison with a floor in another unit, instead of passing it', () => {
    const app = pairedFigure('app', 'ms', [1]);
    expect(() => judge(FIRST_RENDER_BUDGET, app, pairedFigure('x', 'MB', [1]))).toThrow(
      /not comparable/,
    );
  });

  it('prints a failed budget and an unmeasured item as FAIL, with the comparison and the reason', () => {
    const app = pairedFigure('app', 'ms', [12, 10, 11]);
    const floor = pairedFigure('outbox + client', 'ms', [4, 4, 4]);
    const row: BenchResult = {
      item: 3,
      id: 'x',
      title: 'Status change',
      app,
      floor,
      budget: judge(OVERHEAD_BUDGET, app, floor),
      notes: [],
    };
    const table = renderTable([row, { item: 4, id: 'y', title: 'E2E', error: 'no Chromium' }]);
    expect(table).toMatch(
      /Status change .*app: 11\.0 ms \(10\.0–12\.0, n=3\).*│ 2\.75× +│ ≤ 2\.5× outbox \+ client +│ FAIL/,
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

  it('rotates which of three sides goes first every run', async () => {
    const order: string[] = [];
    const side = (name: string) => async (i: number) => (order.push(`${name}${i}`), i);
    const out = await repeatInTurns(
      { warmup: 0, runs: 3 },
      {
        a: side('a'),
        b: side('b'),
        c: side('c'),
      },
    );
    expect(order).toEqual(['a0', 'b0', 'c0', 'b1', 'c1', 'a1', 'c2', 'a2', 'b2']);
    expect(out).toEqual({ a: [0, 1, 2], b: [0, 1, 2], c: [0, 1, 2] });
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

describe('the layers under items 3 and 5', () => {
  it('sends every change through the outbox, its file and the client, and empties the file as they land', async () => {
    const service = await startBenchService(12);
    const dir = await mkdtemp(join(tmpdir(), 'bench-layers-'));
    const outboxFile = join(dir, 'outbox.json');
    const layer = await createOutboxLayer(service, outboxFile);
    try {
      const ids = service.taskIds.slice(0, 12);
      // The service's tasks start with statuses of every kind.
      expect(new Set(ids.map((id) => service.statusOf(id))).size).toBeGreaterThan(1);
      for (const status of ['in_progress', 'done'] as const) {
        await layer.send(ids, status);
        expect(ids.map((id) => service.statusOf(id))).toEqual(ids.map(() => status));
      }
      await layer.settled();
      const kept = JSON.parse(await readFile(outboxFile, 'utf8')) as { entries: unknown[] };
      expect(kept.entries).toEqual([]);
    } finally {
      await layer.dispose();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

it('moves every task to a different status each run, whatever it starts from', () => {
  expect(nextStatus('todo')).toBe('in_progress');
  expect(nextStatus('canceled')).toBe('todo');
  expect(nextStatus('archived')).toBe('todo');
});

describe('a week in virtual time', () => {
  it('fires timers in the order they are due, the clock at each one’s time, only as far as asked', async () => {
    const clock = createSteppedClock(async () => {}, 0);
    const fired: [string, number][] = [];
    const at = (label: string) => () => fired.push([label, clock.now()]);
    clock.scheduler.after(3_600_000, at('hourly'), 'h');
    clock.scheduler.after(60_000, at('minute'), 'm');
    const cancel = clock.scheduler.after(120_000, at('cancelled'), 'c');
    cancel();
    await clock.runUntil(1_800_000);
    expect(fired).toEqual([['minute', 60_000]]);
    expect(clock.now()).toBe(1_800_000);
    await clock.runUntil(7_200_000);
    expect(fired).toEqual([
      ['minute', 60_000],
      ['hourly', 3_600_000],
    ]);
    expect(clock.scheduler.stats()).toMatchObject({ fired: 2, cancelled: 1, pending: 0 });
  });

  it('moves the clock on to what awaited work waits for, and no further', async () => {
    const clock = createSteppedClock(async () => {}, 0);
    const paced = new Promise<number>((resolve) =>
      clock.scheduler.after(2_000, () => resolve(clock.now()), 'pacing'),
    );
    clock.scheduler.after(24 * 3_600_000, () => undefined, 'daily');
    expect(await clock.during(paced)).toBe(2_000);
    expect(clock.scheduler.stats().pending).toBe(1);
  });
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
