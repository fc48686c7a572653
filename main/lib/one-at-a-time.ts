/**
 * A line of async jobs: each starts once the one before has settled, done
 * or failed, so no two run at once and a failure does not stop the next.
 * Each caller gets its own job's outcome.
 */
export function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (job) => {
    const run = last.then(job, job);
    last = run.catch(() => undefined);
    return run;
  };
}
