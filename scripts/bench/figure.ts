import type { Summary } from './stats';

/** How a figure is printed; also fixes which way "better" points in the table. */
export type Unit = 'ms' | 's' | 'bytes' | 'MB' | 'changes/s' | 'count';

export interface Figure {
  /** What was measured, e.g. "app" or "bare fetch PUT". */
  readonly label: string;
  readonly unit: Unit;
  readonly summary: Summary;
  /** Every recorded run in order, when runs were paired with the floor's (repeatPaired). */
  readonly samples?: readonly number[];
}
