import type { Figure, Unit } from './figure';
import { median } from './stats';
import { formatValue } from './format';

/**
 * How a budget compares the app with its floor. The floor is the same work
 * without the app (React alone, a bare PUT, the outbox alone), measured in
 * the same run, in turns with the app: a slow or busy machine slows both, so
 * the comparison means the same on any machine where an absolute figure
 * would not. No rule takes a time on its own: a time is always over a floor.
 */
export type Rule =
  /** A time or size at most this many times the floor's. */
  | { readonly kind: 'times-floor'; readonly max: number }
  /** A rate (changes/s) at least this share of the floor's. */
  | { readonly kind: 'share-of-floor'; readonly min: number }
  /**
   * A size or a count that is the same on every machine (bytes, wake-ups): at
   * most `max`. Refused for a time or a heap, which a machine changes.
   */
  | { readonly kind: 'at-most'; readonly max: number };

/** What an absolute budget may be about: figures no machine changes. */
const MACHINE_FREE: readonly Unit[] = ['bytes', 'count'];

export interface BudgetSpec {
  readonly rule: Rule;
  /** Which figure is compared with which floor, and why that floor: printed in bench.json and the README. */
  readonly why: string;
}

export interface Budget {
  /** The rule in words ("≤ 1.4× React alone"). */
  readonly text: string;
  readonly pass: boolean;
  /** The app against the floor, as the rule reads it: "1.22×", "83 %". */
  readonly versus: string | null;
  /** What else decided the verdict: a run cut short by its time cap. */
  readonly checked?: string;
  readonly why?: string;
}

const signed = (diff: number, unit: Unit): string =>
  `${diff >= 0 ? '+' : '−'}${formatValue(Math.abs(diff), unit)}`;

/** Runs taken in pairs (the same count on both sides, one each per turn). */
const pairsOf = (app: Figure, floor: Figure): [number, number][] | null =>
  app.samples !== undefined &&
  floor.samples !== undefined &&
  app.samples.length === floor.samples.length &&
  app.samples.length > 0
    ? app.samples.map((a, i) => [a, floor.samples?.[i] as number])
    : null;

/**
 * The app's figure over its floor's. Runs taken in pairs compare run by run
 * (the median of the runs' ratios), so a moment of load that slowed one pair
 * weighs on that pair only; otherwise the medians compare.
 */
export function ratioToFloor(app: Figure, floor: Figure): number {
  const pairs = pairsOf(app, floor);
  return pairs ? median(pairs.map(([a, f]) => a / f)) : app.summary.median / floor.summary.median;
}

function compare(
  rule: Rule,
  app: Figure,
  floor: Figure | null,
): { value: number; versus: string | null } {
  if (rule.kind === 'at-most') {
    if (!MACHINE_FREE.includes(app.unit))
      throw new Error(
        `An absolute budget in ${app.unit} means something else on another machine: compare it with a floor.`,
      );
    return {
      value: app.summary.median,
      versus: floor ? signed(app.summary.median - floor.summary.median, app.unit) : null,
    };
  }
  if (!floor) throw new Error(`A "${rule.kind}" budget needs a floor measured in the same run.`);
  if (app.unit !== floor.unit)
    throw new Error(`The app is in ${app.unit} and its floor in ${floor.unit}: not comparable.`);
  const ratio = ratioToFloor(app, floor);
  return rule.kind === 'times-floor'
    ? { value: ratio, versus: `${ratio.toFixed(2)}×` }
    : { value: ratio, versus: `${(ratio * 100).toFixed(0)} %` };
}

function ruleText(rule: Rule, app: Figure, floorLabel: string): string {
  switch (rule.kind) {
    case 'share-of-floor':
      return `≥ ${Math.round(rule.min * 100)} % of ${floorLabel}`;
    case 'times-floor':
      return `≤ ${rule.max}× ${floorLabel}`;
    case 'at-most':
      return `≤ ${formatValue(rule.max, app.unit)}${app.summary.runs > 1 ? ' median' : ''}`;
  }
}

/**
 * A budget's verdict, from the row's own figures only: the floor it is
 * judged against is the one measured beside the app in this run. A
 * measurement cut short by its time cap fails: with fewer runs than asked
 * for, it has not shown the budget is met.
 */
export function judge(
  spec: BudgetSpec,
  app: Figure,
  floor: Figure | null,
  short: string | null = null,
): Budget {
  const { value, versus } = compare(spec.rule, app, floor);
  const met = spec.rule.kind === 'share-of-floor' ? value >= spec.rule.min : value <= spec.rule.max;
  return {
    text: ruleText(spec.rule, app, floor?.label ?? 'floor'),
    pass: met && short === null,
    versus,
    ...(short ? { checked: short } : {}),
    why: spec.why,
  };
}
