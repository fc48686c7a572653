import type { ComplianceTask } from '../../common/compliance-task';
import type { ComplianceAvailability } from '../../common/compliance-view';
import type { Logger } from '../log/logger';
import { readRoute } from '../reads/read-budget';
import type { ReadBudgets } from '../reads/read-budgets';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { ComplianceClient } from '../service/compliance-client';
import type { ComplianceError } from '../service/compliance-errors';
import type { ComplianceKeeper } from './compliance-kept';

/**
 * Reads each signed-in profile's compliance tasks into the kept lists: one
 * conditional `GET /v1/tasks?includeRelations=true` (a 304 costs no parse),
 * and `GET /v1/tasks/options` at connect and hourly. Each takes its turn from
 * its address's read budget as a route of its own (reads/read-budget.ts):
 * the popup's read as the person's, a sync round's as background, after the
 * person's changes. Where the routes are absent (404) or closed to this key
 * (403) it says so once and asks again only hourly or on reconnect.
 */

/** How long "not available" stands, and how often the options are read again. */
export const ASK_AGAIN_MS = 60 * 60_000;
/** A popup opened again this soon after a read is answered from it. */
export const RECENT_MS = 10_000;

export const LIST_ROUTE = readRoute('/v1/tasks?includeRelations=true');
export const OPTIONS_ROUTE = readRoute('/v1/tasks/options');

/** A signed-in account's means of reading: `client` is its identity (same key, same client). */
export interface ComplianceAccount {
  readonly client: ServiceClient;
  readonly compliance: ComplianceClient;
  /** The service's base URL: accounts at one address share its read budget. */
  readonly address?: string;
}

export interface ComplianceReadsDeps {
  readonly keeper: ComplianceKeeper;
  /** The profile's account while it is signed in, shown or not; null once it is not. */
  readonly account: (profileId: string) => ComplianceAccount | null;
  readonly budgets: ReadBudgets;
  /** Resolves once no change of the person's is on the wire: background reads go after them. */
  readonly quiet: () => Promise<void>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  /** The profile's availability changed (the view's note follows). */
  readonly onAvailability: (profileId: string) => void;
  /** A read brought another list: what was kept before it (null: none yet), and what is now. */
  readonly onRead?: (
    profileId: string,
    before: readonly ComplianceTask[] | null,
    after: readonly ComplianceTask[],
  ) => void;
}

interface Known {
  availability: ComplianceAvailability;
  /** When the routes were found unavailable (scheduler ms). */
  since: number;
  optionsAt: number | null;
  readAt: number | null;
  /** The read under way, the person's and the background's apart: the person's never waits behind. */
  person: Promise<void> | null;
  behind: Promise<void> | null;
  /** The background's read is on the wire (past its turn): the person's joins it rather than ask twice. */
  behindSent: boolean;
  /** Reads sent, and the newest whose answer landed: an older answer landing later is dropped. */
  sent: number;
  landed: number;
  /** A read failed (network, 5xx): said once until one succeeds. */
  failing: boolean;
}

export function createComplianceReads(deps: ComplianceReadsDeps) {
  const known = new Map<string, Known>();
  let disposed = false;
  const knownOf = (profileId: string): Known => {
    let k = known.get(profileId);
    if (!k) {
      k = {
        availability: 'unknown',
        since: 0,
        optionsAt: null,
        readAt: null,
        person: null,
        behind: null,
        behindSent: false,
        sent: 0,
        landed: 0,
        failing: false,
      };
      known.set(profileId, k);
    }
    return k;
  };
  const now = () => deps.scheduler.now();

  /** The read's turn on its route; false: signed out, another key, or stopped meanwhile. */
  const turn = async (
    profileId: string,
    a: ComplianceAccount,
    route: string,
    background: boolean,
  ) => {
    const still = () => !disposed && deps.account(profileId)?.client === a.client;
    if (background) await deps.quiet();
    if (!still()) return false;
    return (await deps.budgets.forAddress(a.address).turn(route, background)) && still();
  };

  const setAvailability = (profileId: string, k: Known, next: ComplianceAvailability) => {
    if (k.availability === next) return;
    k.availability = next;
    deps.onAvailability(profileId);
  };

  /** A failure: "not available" once (the kept list goes), a 429 holds the route, the rest is said once. */
  const failed = (
    profileId: string,
    k: Known,
    a: ComplianceAccount,
    route: string,
    e: ComplianceError,
  ) => {
    if (e.unavailable) {
      k.since = now();
      if (k.availability !== e.unavailable) deps.log.warn(e.message);
      deps.keeper.forget(profileId);
      return setAvailability(profileId, k, e.unavailable);
    }
    if (e.kind === 'rate_limited')
      deps.budgets.forAddress(a.address).hold(route, now() + (e.retryAfterMs ?? 60_000));
    if (!k.failing) deps.log.warn('Reading the compliance tasks failed', e.message);
    k.failing = true;
  };

  /** Whether the organization uses evidence approval; undefined: not read now. */
  async function readOptions(
    profileId: string,
    k: Known,
    a: ComplianceAccount,
    background: boolean,
  ): Promise<boolean | null | undefined> {
    if (k.optionsAt !== null && now() - k.optionsAt < ASK_AGAIN_MS) return undefined;
    if (!(await turn(profileId, a, OPTIONS_ROUTE, background))) return undefined;
    const options = await a.compliance.options();
    if (options.ok) {
      k.optionsAt = now();
      return options.value.evidenceApprovalEnabled;
    }
    // Not offered here: unknown, and not asked again before the hour.
    if (options.error.unavailable) {
      k.optionsAt = now();
      return null;
    }
    if (options.error.kind === 'rate_limited')
      failed(profileId, k, a, OPTIONS_ROUTE, options.error);
    return undefined;
  }

  async function read(profileId: string, a: ComplianceAccount, k: Known, background: boolean) {
    const asked = now();
    if (!(await turn(profileId, a, LIST_ROUTE, background))) return;
    // The person's read went past this one while it waited its turn (and was answered, or
    // told the routes are not there): nothing left to ask.
    const closed = k.availability === 'absent' || k.availability === 'not_permitted';
    if (background && ((k.readAt !== null && k.readAt >= asked) || (closed && k.since >= asked)))
      return;
    if (background) k.behindSent = true;
    const seq = ++k.sent;
    const listed = await a.compliance.listIfChanged(deps.keeper.etag(profileId));
    const mine = () => !disposed && deps.account(profileId)?.client === a.client;
    // Signed out or another key meanwhile: the answer is not this account's any more.
    if (!mine() || seq < k.landed) return;
    k.landed = seq;
    if (!listed.ok) return failed(profileId, k, a, LIST_ROUTE, listed.error);
    const at = now();
    k.readAt = at;
    k.failing = false;
    // At connect and hourly, with the list: one change told, not two.
    const approvalEnabled = await readOptions(profileId, k, a, background);
    if (!mine()) return;
    if (!listed.value.unchanged) {
      const { tasks, etag } = listed.value;
      const before = deps.keeper.list(profileId)?.tasks ?? null;
      deps.keeper.took(profileId, { tasks, etag, readAt: at, approvalEnabled });
      deps.onRead?.(profileId, before, deps.keeper.list(profileId)?.tasks ?? tasks);
    } else {
      deps.keeper.confirmed(profileId, at);
      if (approvalEnabled !== undefined) deps.keeper.approval(profileId, approvalEnabled);
    }
    setAvailability(profileId, k, 'ok');
  }

  /**
   * Reads the profile's list unless there is no need: not signed in (or
   * `client` is not its client any more), the routes said no within the
   * hour, or (the person's read) one was made just now. A second ask joins
   * the read under way, but the person's never joins a background read,
   * which may still be waiting its turn.
   */
  const readFor = (profileId: string, opts: { background: boolean; client?: ServiceClient }) => {
    const a = deps.account(profileId);
    if (!a || disposed || (opts.client && opts.client !== a.client)) return Promise.resolve();
    const k = knownOf(profileId);
    const running = k.person ?? (opts.background || k.behindSent ? k.behind : null);
    if (running) return running;
    const t = now();
    if (
      (k.availability === 'absent' || k.availability === 'not_permitted') &&
      t - k.since < ASK_AGAIN_MS
    )
      return Promise.resolve();
    if (!opts.background && k.readAt !== null && t - k.readAt < RECENT_MS) return Promise.resolve();
    const started = read(profileId, a, k, opts.background)
      .catch((e: unknown) => deps.log.error('Reading the compliance tasks failed', e))
      .finally(() => {
        if (k.person === started) k.person = null;
        if (k.behind === started) {
          k.behind = null;
          k.behindSent = false;
        }
      });
    if (opts.background) k.behind = started;
    else k.person = started;
    return started;
  };

  return {
    /** The popup opened (or asked again): the person's read. */
    opened: (profileId: string): Promise<void> => readFor(profileId, { background: false }),
    /** A background sync round's read of this profile with this client (its key). */
    syncRound: (profileId: string, client: ServiceClient): Promise<void> =>
      readFor(profileId, { background: true, client }),
    availability: (profileId: string): ComplianceAvailability =>
      known.get(profileId)?.availability ?? 'unknown',
    /** Whether this run read the profile's list (or was told it is not available). */
    asked: (profileId: string): boolean => {
      const k = known.get(profileId);
      return k !== undefined && (k.readAt !== null || k.availability !== 'unknown');
    },
    /** Connected again, perhaps with another key: the routes and options are asked again. */
    connected(profileId: string): void {
      const k = known.get(profileId);
      known.delete(profileId);
      if (k && k.availability !== 'unknown') deps.onAvailability(profileId);
    },
    /** The profile is removed: nothing of it is kept. */
    forget(profileId: string): void {
      known.delete(profileId);
      deps.keeper.forget(profileId);
    },
    async dispose(): Promise<void> {
      disposed = true;
      await Promise.all([...known.values()].flatMap((k) => [k.person, k.behind]));
      await deps.keeper.flushed();
    },
  };
}
export type ComplianceReads = ReturnType<typeof createComplianceReads>;
