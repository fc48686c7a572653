/** Summaries of repeated measurements: the median is the figure, min and max show the spread. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** How many measurements the summary is made of (warm-up runs are not among them). */
  readonly runs: number;
}

/** The middle value; for an even count, the mean of the two middle values. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('The median of no measurements is undefined.');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.some((s) => !Number.isFinite(s)))
    throw new RangeError(`A measurement is not a finite number: ${samples.join(', ')}.`);
  return {
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    runs: samples.length,
  };
}

/** A figure that is the same on every run (a file size): one measurement says it all. */
export const exact = (value: number): Summary => ({
  median: value,
  min: value,
  max: value,
  runs: 1,
});
