import type { BenchContext } from './context';
import type { Summary } from './stats';

/** How a figure is printed; also fixes which way "better" points in the table. */
export type Unit = 'ms' | 'bytes' | 'MB' | 'changes/s' | 'count';

export interface Figure {
  /** What was measured, e.g. "app" or "bare fetch PUT". */
  readonly label: string;
  readonly unit: Unit;
  readonly summary: Summary;
}

export interface Budget {
  /** The rule in words, as the issue states it ("≤ 100 ms median"). */
  readonly text: string;
  readonly pass: boolean;
  /** The figure the rule was checked on when it is not the app's median (e.g. the overhead). */
  readonly checked?: string;
}

/** One row of the table and of bench.json. */
export interface BenchResult {
  /** The item number, 1–7. */
  readonly item: number;
  readonly id: string;
  readonly title: string;
  readonly app: Figure;
  /** What the same work costs without the app (React alone, a bare fetch…), when there is such a thing. */
  readonly floor: Figure | null;
  readonly budget: Budget;
  /** What a reader needs to trust the figure: how it was taken, what it includes. */
  readonly notes: readonly string[];
}

/** A measurement that could not be taken: counted as a missed budget, with the reason. */
export interface BenchFailure {
  readonly item: number;
  readonly id: string;
  readonly title: string;
  readonly error: string;
}

export type BenchOutcome = BenchResult | BenchFailure;

export const isFailure = (o: BenchOutcome): o is BenchFailure => 'error' in o;

/** A measurement: one or more rows (item 1 gives one for JS and one for CSS). */
export interface Measurement {
  readonly item: number;
  readonly id: string;
  readonly title: string;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

/**
 * A budget's verdict. A measurement cut short by its time cap fails: with
 * fewer runs than asked for, it has not shown the budget is met.
 */
export function verdict(
  text: string,
  met: boolean,
  checked: string | null,
  short: string | null,
): Budget {
  const said = [checked, short].filter((x): x is string => x !== null).join('; ');
  return { text, pass: met && short === null, ...(said ? { checked: said } : {}) };
}
