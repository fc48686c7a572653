export interface Plan {
  readonly warmup: number;
  readonly runs: number;
  /**
   * Stop recording once this much time has gone by, so a slow app cannot
   * push `npm run bench` past its five minutes. A cut-short measurement
   * fails its row (see shortOfRuns): its budget was not shown to be met.
   */
  readonly capMs?: number;
}

/**
 * Measurements taken in turns, rotating which goes first every run, so a
 * slow drift of the machine (another process, the page cache, thermal) lands
 * on every side alike instead of on whichever ran last.
 */
export async function repeatInTurns<K extends string>(
  plan: Plan,
  sides: Readonly<Record<K, (index: number) => Promise<number>>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  const out = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  const started = performance.now();
  for (let i = 0; i < plan.warmup + plan.runs; i++) {
    const late = plan.capMs !== undefined && performance.now() - started > plan.capMs;
    // At least one recorded run, so even a cut-short row shows a figure.
    if (late && (out[names[0] as K] ?? []).length > 0) break;
    const record = i >= plan.warmup;
    const at = i % names.length;
    for (const side of [...names.slice(at), ...names.slice(0, at)]) {
      const value = await sides[side](i);
      if (record) out[side].push(value);
    }
  }
  return out;
}

/** The app and its floor in turns, swapping which goes first every run. */
export const repeatPaired = (
  plan: Plan,
  app: (index: number) => Promise<number>,
  floor: (index: number) => Promise<number>,
): Promise<{ app: number[]; floor: number[] }> => repeatInTurns(plan, { app, floor });

/** Why a measurement does not count, when it has fewer runs than asked for; null when it has them all. */
export const shortOfRuns = (
  got: number,
  wanted: number,
  capMs: number | undefined,
): string | null =>
  got >= wanted
    ? null
    : `only ${got} of ${wanted} runs within the ${Math.round((capMs ?? 0) / 1000)} s cap`;

/**
 * Untimed, after a side's run in the bulk items: what main writes after its
 * clock stops (the settings that keep the answers, the outbox emptied) then
 * lands in neither side's clock. (It does not make Node collect the run's
 * garbage: some of that is still collected in the next side's run.)
 */
export const QUIET_MS = 50;
export const quiet = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

/** Milliseconds since an arbitrary origin, sub-millisecond. */
export const now = (): number => performance.now();

/** Rejects with a message naming what never happened, instead of hanging the whole run. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms.`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
