import type { AppError } from '../../common/result';
import { sameData } from '../../common/same-data';
import type { ConnectionView } from '../../common/views';
import type { AccountService } from '../accounts/account-service';
import type { Outbox } from '../outbox/outbox';
import type { SettingsStore } from '../settings/settings-store';
import type { ActiveProfiles } from './active-profile';
import { connectionFrom, isConnectionError, othersWaiting } from './connection';
import { readWaitWords } from '../reads/list-words';

export interface ConnectionStateDeps {
  readonly accounts: Pick<AccountService, 'active' | 'canSend'>;
  readonly profiles: Pick<ActiveProfiles, 'saved'>;
  readonly settings: Pick<SettingsStore, 'get'>;
  readonly outbox: Pick<Outbox, 'pausedReason' | 'pendingTasks'>;
  /** Whether the computer has a network; unknown means yes. */
  readonly isOnline: () => boolean;
  /** A view that reads differently from the last one shown. */
  readonly onShown: (view: ConnectionView) => void;
  /** How long the person's waiting reads and the queued changes wait, in ms (reads: null when none). */
  readonly waits?: { readonly readsMs: () => number | null; readonly changesMs: () => number };
}

/** A wait under this is not worth a word: it is over before it could be read. */
const SAY_WAIT_FROM_MS = 2_000;

type Profile = ReturnType<SettingsStore['get']>['profiles'][number];

const sameView = (a: ConnectionView, b: ConnectionView): boolean =>
  a.state === b.state &&
  a.cause === b.cause &&
  a.pendingChanges === b.pendingChanges &&
  a.message === b.message &&
  a.othersWaiting?.tasks === b.othersWaiting?.tasks &&
  a.readsWaiting === b.readsWaiting &&
  a.changesWaitSeconds === b.changesWaitSeconds &&
  sameData(a.waitingElsewhere, b.waitingElsewhere);

/**
 * What the footer and the tray say about the link to the service: the last
 * outcome, the changes waiting (the shown profile's, those a hand-over could
 * send, those going out in the background), sent again only when it reads
 * differently. The words themselves are connection.ts's.
 */
export function createConnectionState(deps: ConnectionStateDeps) {
  const { accounts, outbox } = deps;
  let lastError: AppError | null = null;
  let shown: ConnectionView | null = null;

  /** The other identities' profiles at the shown one's organization of the same service. */
  const neighbours = (): readonly Profile[] => {
    const a = accounts.active();
    if (!a || a.demo) return [];
    const me = deps.profiles.saved(a.profile.id);
    if (!me?.servedOrganizationId) return [];
    // A profile whose secret was read sends its own changes: only one that cannot (no secret, or
    // paused: its key was refused) waits for a hand-over.
    return deps.settings
      .get()
      .profiles.filter(
        (p) =>
          p.id !== me.id &&
          (!accounts.canSend(p.id) || outbox.pausedReason(p.id) !== null) &&
          p.baseUrl === me.baseUrl &&
          p.servedOrganizationId === me.servedOrganizationId,
      );
  };

  /** Waiting changes of the profiles not shown, which go out in the background. */
  const waitingElsewhere = (shownId: string | null): Record<string, number> | null => {
    let found: Record<string, number> | null = null;
    for (const p of deps.settings.get().profiles) {
      if (p.id === shownId || !accounts.canSend(p.id)) continue;
      const n = outbox.pendingTasks(p.id);
      if (n > 0) (found ??= {})[p.id] = n;
    }
    return found;
  };

  const view = (): ConnectionView => {
    const a = accounts.active();
    const id = a?.profile.id ?? null;
    const base = connectionFrom(
      a !== null,
      lastError,
      outbox.pendingTasks(id),
      a ? outbox.pausedReason(a.profile.id) : null,
      deps.isOnline(),
    );
    const others = othersWaiting(neighbours(), (p) => outbox.pendingTasks(p));
    const elsewhere = waitingElsewhere(id);
    const readsMs = deps.waits?.readsMs() ?? null;
    const changesMs = deps.waits?.changesMs() ?? 0;
    return {
      ...base,
      ...(others ? { othersWaiting: others } : {}),
      ...(elsewhere ? { waitingElsewhere: elsewhere } : {}),
      ...(readsMs !== null && readsMs >= SAY_WAIT_FROM_MS
        ? { readsWaiting: readWaitWords(readsMs) }
        : {}),
      ...(changesMs >= SAY_WAIT_FROM_MS ? { changesWaitSeconds: Math.ceil(changesMs / 1000) } : {}),
    };
  };

  const emit = (): void => {
    const next = view();
    if (shown && sameView(shown, next)) return;
    shown = next;
    deps.onShown(next);
  };

  return {
    view,
    emit,
    neighbours,
    /** What the last answer said against the connection; null when it was fine. */
    setLastError(e: AppError | null): void {
      lastError = e;
    },
    /**
     * The connection state follows the last answer. A refusal of one task says
     * nothing against it; given by the service (it has a status), it says the
     * service was reached, so an "offline" from before is over. A refusal made
     * here, with nothing sent, says nothing either way.
     */
    noteOutcome(e: AppError | null): void {
      const next = e && isConnectionError(e) ? e : e && e.status === undefined ? lastError : null;
      if (next === lastError) return;
      lastError = next;
      emit();
    },
  };
}

export type ConnectionState = ReturnType<typeof createConnectionState>;
