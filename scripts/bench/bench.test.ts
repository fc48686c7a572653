import { describe, expect, it } from 'vitest';
import { initialAssets } from './renderer-weight';
import { repeatPaired, shortOfRuns } from './repeat';
import { verdict } from './report';
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

describe('verdicts', () => {
  it('fails a measurement cut short by its time cap, even when its figure is within budget', () => {
    const short = shortOfRuns(3, 20, 50_000);
    expect(short).toBe('only 3 of 20 runs within the 50 s cap');
    expect(verdict('≤ 30 ms', true, null, short)).toEqual({
      text: '≤ 30 ms',
      pass: false,
      checked: short,
    });
    expect(verdict('≤ 30 ms', true, '+2.0 ms', shortOfRuns(20, 20, 50_000)).pass).toBe(true);
  });

  it('prints a failed budget and an unmeasured item as FAIL, with the reason', () => {
    const row: BenchResult = {
      item: 3,
      id: 'x',
      title: 'Status change',
      app: { label: 'app', unit: 'ms', summary: summarize([12, 10, 11]) },
      floor: null,
      budget: verdict('overhead < 5 ms', false, '+9.0 ms', null),
      notes: [],
    };
    const table = renderTable([row, { item: 4, id: 'y', title: 'E2E', error: 'no Chromium' }]);
    expect(table).toMatch(
      /Status change .*app: 11\.0 ms \(10\.0–12\.0, n=3\).*\[\+9\.0 ms\] │ FAIL/,
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

it('moves every task to a different status each run, whatever it starts from', () => {
  expect(nextStatus('todo')).toBe('in_progress');
  expect(nextStatus('canceled')).toBe('todo');
  expect(nextStatus('archived')).toBe('todo');
});
