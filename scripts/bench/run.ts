import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { assignedBuild, assignedKept } from './assigned';
import { bulk } from './bulk';
import { complianceRefresh } from './compliance';
import { createContext } from './context';
import { evidenceUpload } from './evidence';
import { REPO_ROOT } from './floor-build';
import { firstRender } from './first-render';
import { idle } from './idle';
import { openReady, statusKey } from './open-and-key';
import { rendererMemory } from './renderer-memory';
import { rendererWeight } from './renderer-weight';
import { isFailure } from './report';
import type { BenchOutcome, Measurement } from './report';
import { statusE2e } from './status-e2e';
import { startup } from './startup';
import { statusMain } from './status-main';
import { searchKeys } from './search';
import { renderTable } from './table';
import { uptime } from './uptime';

/**
 * `npm run bench` (after `npm run build`): every measurement of issues 7 and 41 with
 * its floor, a table on stdout, test-results/bench.json, and exit code 1 when
 * a budget is missed or a measurement could not be taken.
 *
 *   tsx scripts/bench/run.ts [--only 1,3] [--runs 20] [--warmup 5]
 */

/**
 * In this order: the idle count first, while the process has nothing else
 * going on; main's start before Chromium shares the machine with it.
 */
const MEASUREMENTS: readonly Measurement[] = [
  rendererWeight,
  idle,
  startup,
  uptime,
  statusMain,
  bulk,
  firstRender,
  statusE2e,
  rendererMemory,
  assignedBuild,
  assignedKept,
  openReady,
  statusKey,
  complianceRefresh,
  evidenceUpload,
  searchKeys,
];

export const MIN_RUNS = 20;

interface Options {
  readonly only: ReadonlySet<number> | null;
  readonly runs: number;
  readonly warmup: number;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const count = (name: string, fallback: number, min: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) {
      console.error(
        `${name} takes a whole number of at least ${min} (got ${JSON.stringify(raw)}).`,
      );
      process.exit(2);
    }
    return n;
  };
  const only = value('--only');
  const items = only ? only.split(',').map(Number) : null;
  const known = new Set(MEASUREMENTS.map((m) => m.item));
  if (items && (items.length === 0 || items.some((n) => !known.has(n)))) {
    console.error(
      `--only takes item numbers from 1 to ${MEASUREMENTS.length}, comma-separated (got ${JSON.stringify(only)}).`,
    );
    process.exit(2);
  }
  return {
    only: items ? new Set(items) : null,
    runs: count('--runs', MIN_RUNS, 1),
    warmup: count('--warmup', 5, 0),
  };
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const progress = (line: string) =>
    process.stderr.write(
      `bench [${((performance.now() - started) / 1000).toFixed(1)} s] ${line}\n`,
    );
  if (opts.runs < MIN_RUNS)
    progress(
      `${opts.runs} runs: a quick look only; the budgets are judged on at least ${MIN_RUNS}.`,
    );
  const ctx = await createContext({ warmup: opts.warmup, runs: opts.runs, progress });
  const outcomes: BenchOutcome[] = [];
  let chromiumVersion: string | null;
  try {
    for (const m of MEASUREMENTS) {
      if (opts.only && !opts.only.has(m.item)) continue;
      const t0 = performance.now();
      progress(`${m.item}. ${m.title}…`);
      try {
        outcomes.push(...(await m.run(ctx)));
      } catch (e) {
        outcomes.push({
          item: m.item,
          id: m.id,
          title: m.title,
          error: e instanceof Error ? e.message : String(e),
        });
      }
      progress(`${m.item}. done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Asked before dispose closes the browser; null when no measurement needed Chromium.
    chromiumVersion = await ctx.chromiumVersion();
  } finally {
    progress('stopping Chromium and the servers…');
    await ctx.dispose();
  }
  outcomes.sort((a, b) => a.item - b.item);

  const seconds = (performance.now() - started) / 1000;
  const pass = outcomes.every((o) => !isFailure(o) && o.budget.pass);
  const cpu = cpus();
  const machine = {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGB: Math.round(totalmem() / 1e9),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium: chromiumVersion,
  };
  console.log(renderTable(outcomes));
  console.log(
    `\n${pass ? 'All budgets met.' : 'A budget was missed.'} ${opts.runs} runs after ${opts.warmup} warm-up; ` +
      `${seconds.toFixed(0)} s on ${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node}` +
      (machine.chromium ? `, Chromium ${machine.chromium}` : '') +
      '.',
  );
  const outDir = join(REPO_ROOT, 'test-results');
  await mkdir(outDir, { recursive: true });
  await writeFile(
    join(outDir, 'bench.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        pass,
        seconds: Math.round(seconds),
        runs: opts.runs,
        warmup: opts.warmup,
        machine,
        results: outcomes,
      },
      null,
      2,
    )}\n`,
  );
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error('bench: could not run:', e);
    process.exit(1);
  },
);
