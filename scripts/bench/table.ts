import { isFailure } from './report';
import type { BenchOutcome, Figure } from './report';
import { formatValue } from './format';

/** "12.3 ms (11.0–15.2, n=20)"; a figure taken once is printed alone. */
export function formatFigure(f: Figure): string {
  const { median, min, max, runs } = f.summary;
  const mid = formatValue(median, f.unit);
  if (runs === 1) return mid;
  const bare = (v: number) => formatValue(v, f.unit).replace(/ ?(ms|KB|MB|\/s|s)$/, '');
  return `${mid} (${bare(min)}–${bare(max)}, n=${runs})`;
}

const HEADER = ['#', 'Measurement', 'App', 'Floor', 'App vs floor', 'Budget', 'Result'] as const;

/** Plain text, fixed-width columns: readable in a terminal and in a CI log. */
export function renderTable(outcomes: readonly BenchOutcome[]): string {
  const rows: string[][] = outcomes.map((o) =>
    isFailure(o)
      ? [String(o.item), o.title, `could not measure: ${o.error}`, '', '', '', 'FAIL']
      : [
          String(o.item),
          o.title,
          `${o.app.label}: ${formatFigure(o.app)}`,
          o.floor ? `${o.floor.label}: ${formatFigure(o.floor)}` : '—',
          o.budget.versus ?? '—',
          o.budget.checked ? `${o.budget.text} [${o.budget.checked}]` : o.budget.text,
          o.budget.pass ? 'pass' : 'FAIL',
        ],
  );
  const all = [[...HEADER], ...rows];
  const widths = HEADER.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join(' │ ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  return [line(all[0] ?? []), rule, ...rows.map(line)].join('\n');
}
