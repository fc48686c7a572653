import type { Budget } from './budget';
import type { BenchContext } from './context';
import { summarize } from './stats';

export type { Figure, Unit } from './figure';
import type { Figure, Unit } from './figure';

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

/** A figure from runs taken in turns with the floor's: the runs are kept, so the budget can pair them. */
export const pairedFigure = (label: string, unit: Unit, samples: readonly number[]): Figure => ({
  label,
  unit,
  summary: summarize(samples),
  samples,
});
