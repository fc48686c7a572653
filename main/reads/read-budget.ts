import type { Scheduler } from '../scheduler/scheduler';
import { bucketFor, fullBucket, takeToken } from '../service/pacing';
import type { BucketState, RateLimit, TokenBucket } from '../service/pacing';

/**
 * The reads' share of one service address (docs/ARCHITECTURE.md, "Pace"):
 * the service counts 100 requests a minute per route per client address, so
 * every account signed in to the same address shares one budget per route.
 *
 * Two classes of read. What the person asked for (the popup opening, Browse,
 * a pasted link, refresh) goes first: it waits only for the route's whole
 * budget. Background reads go when no read of the person's waits on that
 * route, and take at most a fifth of the limit (20 a minute per route) on top.
 * A 429 holds its route until its Retry-After. One scheduler timer per route
 * at a time, only while someone waits.
 */

/** The service's limit per route and address (../shared/SERVICE.md, Errors). */
export const SERVICE_RATE: RateLimit = { limit: 100, windowMs: 60_000 };
/** At most a fifth of it for background reads. */
export const BACKGROUND_RATE: RateLimit = { limit: 20, windowMs: 60_000 };
/** Two at once, then a steady 15 or so a minute: never over 20 in any minute. */
export const BACKGROUND_BURST_SHARE = 0.1;

interface Waiter {
  readonly resolve: (granted: boolean) => void;
}

interface Route {
  all: BucketState;
  background: BucketState;
  heldUntil: number;
  readonly person: Waiter[];
  readonly behind: Waiter[];
  cancel: (() => void) | null;
  /** When a read of the person's waiting on this route should go; null when none waits. */
  personAt: number | null;
}

export interface ReadBudget {
  /** Waits for a read's turn on its route. False: the budget was disposed meanwhile. */
  turn(route: string, background: boolean): Promise<boolean>;
  /** Nothing goes out on this route before `atMs` (a 429's Retry-After). */
  hold(route: string, atMs: number): void;
  /** When the longest-waiting read of the person's should go (ms on the scheduler's clock); null when none waits. */
  personWaitsUntil(): number | null;
  /** Background reads waiting, over every route. */
  waitingBehind(): number;
  dispose(): void;
}

export function createReadBudget(
  scheduler: Scheduler,
  onWaitChanged: () => void = () => undefined,
  rates: { readonly service: RateLimit; readonly background: RateLimit } = {
    service: SERVICE_RATE,
    background: BACKGROUND_RATE,
  },
): ReadBudget {
  const allBucket: TokenBucket = bucketFor(rates.service);
  // A small burst: background reads come in rounds, and a steady pace serves them best.
  const backgroundBucket: TokenBucket = bucketFor(rates.background, BACKGROUND_BURST_SHARE);
  const routes = new Map<string, Route>();
  let disposed = false;

  const routeOf = (name: string): Route => {
    let r = routes.get(name);
    if (!r) {
      const now = scheduler.now();
      r = {
        all: fullBucket(allBucket, now),
        background: fullBucket(backgroundBucket, now),
        heldUntil: 0,
        person: [],
        behind: [],
        cancel: null,
        personAt: null,
      };
      routes.set(name, r);
    }
    return r;
  };

  const notePerson = (r: Route, at: number | null) => {
    if (r.personAt === at) return;
    r.personAt = at;
    onWaitChanged();
  };

  const wake = (r: Route, ms: number) => {
    r.cancel?.();
    r.cancel = scheduler.after(
      ms,
      () => {
        r.cancel = null;
        serve(r);
      },
      'read budget',
    );
  };

  /** Serves the route's waiters in turn: the person's first, then the background's. */
  function serve(r: Route): void {
    for (;;) {
      if (disposed) return;
      const now = scheduler.now();
      const queue = r.person.length > 0 ? r.person : r.behind.length > 0 ? r.behind : null;
      if (!queue) return notePerson(r, null);
      if (now < r.heldUntil) {
        notePerson(r, r.person.length > 0 ? r.heldUntil : null);
        return wake(r, r.heldUntil - now);
      }
      const all = takeToken(r.all, allBucket, now);
      if (!all.taken) {
        r.all = all.state;
        notePerson(r, r.person.length > 0 ? now + all.waitMs : null);
        return wake(r, all.waitMs);
      }
      if (queue === r.behind) {
        const background = takeToken(r.background, backgroundBucket, now);
        r.background = background.state;
        // The route's token is not taken: a read of the person's may come first meanwhile.
        if (!background.taken) return wake(r, background.waitMs);
      }
      r.all = all.state;
      queue.shift()?.resolve(true);
    }
  }

  return {
    turn(route, background) {
      if (disposed) return Promise.resolve(false);
      const r = routeOf(route);
      return new Promise<boolean>((resolve) => {
        (background ? r.behind : r.person).push({ resolve });
        // A read of the person's does not wait for the background's timer: serve now.
        if (!background || !r.cancel) {
          r.cancel?.();
          r.cancel = null;
          serve(r);
        }
      });
    },
    hold(route, atMs) {
      const r = routeOf(route);
      if (atMs <= r.heldUntil) return;
      r.heldUntil = atMs;
      if (r.person.length + r.behind.length > 0) serve(r);
    },
    personWaitsUntil() {
      let latest: number | null = null;
      for (const r of routes.values())
        if (r.personAt !== null && (latest === null || r.personAt > latest)) latest = r.personAt;
      return latest;
    },
    waitingBehind: () => [...routes.values()].reduce((n, r) => n + r.behind.length, 0),
    dispose() {
      disposed = true;
      for (const r of routes.values()) {
        r.cancel?.();
        r.cancel = null;
        for (const w of [...r.person.splice(0), ...r.behind.splice(0)]) w.resolve(false);
        r.personAt = null;
      }
      onWaitChanged();
    },
  };
}

/** A read's route as the service's throttler counts it: its path, with a task's id left out. */
export const readRoute = (path: string): string =>
  `GET ${path.split('?')[0]?.replace(/^(\/v1\/task-management\/)[^/]+(\/activity)$/, '$1:id$2') ?? path}`;
