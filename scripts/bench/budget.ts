import type { Figure, Unit } from './figure';
import { median } from './stats';
import { formatValue } from './format';

/**
 * How a budget compares the app with its floor. The floor is the same work
 * without the app (React alone, a bare PUT), measured in the same run, in
 * turns with the app: a slow or busy machine slows both, so the comparison
 * means the same on any machine where an absolute figure would not.
 */
export type Rule =
  /** Time the app adds to its floor: the median of the runs' differences, at most `max` ms. */
  | { readonly kind: 'over-floor'; readonly max: number }
  /** A rate (changes/s) at least this share of the floor's. */
  | { readonly kind: 'share-of-floor'; readonly min: number }
  /** A size at most this many times the floor's. */
  | { readonly kind: 'times-floor'; readonly max: number }
  /** A figure a person feels as such (ms, MB): at most `max`; the floor is printed beside it. */
  | { readonly kind: 'at-most'; readonly max: number };

export interface BudgetSpec {
  readonly rule: Rule;
  /** Which figure is compared with which floor, and why that floor: printed in bench.json and the README. */
  readonly why: string;
}

export interface Budget {
  /** The rule in words ("≤ +30 ms over React alone"). */
  readonly text: string;
  readonly pass: boolean;
  /** The app against the floor, as the rule reads it: "+24.1 ms", "1.22×", "83 %". */
  readonly versus: string | null;
  /** What else decided the verdict: a run cut short by its time cap. */
  readonly checked?: string;
  readonly why?: string;
}

const signed = (diff: number, unit: Unit): string =>
  `${diff >= 0 ? '+' : '−'}${formatValue(Math.abs(diff), unit)}`;

/**
 * The app's figure against its floor. Runs taken in pairs (the same length
 * on both sides) compare run by run, so a moment of load that slowed one pair
 * weighs on that pair's difference only; otherwise the medians compare.
 */
function compare(
  rule: Rule,
  app: Figure,
  floor: Figure | null,
): { value: number; versus: string | null } {
  if (rule.kind === 'at-most')
    return {
      value: app.summary.median,
      versus: floor ? signed(app.summary.median - floor.summary.median, app.unit) : null,
    };
  if (!floor) throw new Error(`A "${rule.kind}" budget needs a floor measured in the same run.`);
  if (app.unit !== floor.unit)
    throw new Error(`The app is in ${app.unit} and its floor in ${floor.unit}: not comparable.`);
  const paired =
    app.samples !== undefined &&
    floor.samples !== undefined &&
    app.samples.length === floor.samples.length &&
    app.samples.length > 0;
  switch (rule.kind) {
    case 'over-floor': {
      const diff = paired
        ? median(app.samples.map((a, i) => a - (floor.samples?.[i] as number)))
        : app.summary.median - floor.summary.median;
      return { value: diff, versus: signed(diff, app.unit) };
    }
    case 'share-of-floor': {
      const share = app.summary.median / floor.summary.median;
      return { value: share, versus: `${(share * 100).toFixed(0)} %` };
    }
    case 'times-floor': {
      const times = app.summary.median / floor.summary.median;
      return { value: times, versus: `${times.toFixed(2)}×` };
    }
  }
}

function ruleText(rule: Rule, app: Figure, floorLabel: string): string {
  switch (rule.kind) {
    case 'over-floor':
      return `≤ +${rule.max} ms over ${floorLabel}`;
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
