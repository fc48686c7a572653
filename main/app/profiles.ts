import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { AccountStatus, ConnectionView } from '../../common/views';
import type { AccountService } from '../accounts/account-service';
import type { Connected } from '../accounts/signed-in-accounts';
import type { Outbox } from '../outbox/outbox';
import type { SettingsStore } from '../settings/settings-store';
import { settingsPinStore } from '../tasks/pin-store';
import type { TaskService } from '../tasks/task-service';
import type { ActiveProfiles } from './active-profile';
import type { Confirmation } from './core-options';
import type { Assigned } from '../assigned/assigned-service';
import type { ConnectionState } from './connection-state';
import type { Notifications } from '../notify/notifications';
import type { OrganizationState } from './organization-state';
import type { ShownState } from './shown-state';
import type { TaskReads } from '../reads/task-reads';
import type { BackgroundSync } from './background-sync';

export interface ProfilesDeps {
  readonly accounts: AccountService;
  readonly active: ActiveProfiles;
  readonly settings: SettingsStore;
  readonly organization: OrganizationState;
  readonly connection: ConnectionState;
  readonly shown: ShownState;
  readonly outbox: Outbox;
  readonly tasks: TaskService;
  readonly reads: TaskReads;
  readonly assigned: Assigned;
  readonly notifications: Notifications;
  readonly sync: Pick<BackgroundSync, 'connected' | 'forget'>;
  /** Asks the person in main's own dialog (core-options.ts); true on their yes. */
  readonly confirm: (question: Confirmation) => Promise<boolean>;
}

/** What the person is asked before another identity's changes go out with the shown key. */
export function handOverQuestion(
  waiting: { readonly tasks: number; readonly madeWith: string },
  shownName: string,
): Confirmation {
  const changes = waiting.tasks === 1 ? '1 change' : `${waiting.tasks} changes`;
  return {
    message: `Send ${changes} made with ${waiting.madeWith} as ${shownName}?`,
    detail:
      'They go out with the credentials of the account shown, and the service records them ' +
      'as made by it. This cannot be undone.',
    confirm: 'Send with this account',
  };
}
const NOT_HANDED = appError(
  'bad_input',
  'Nothing was sent: the waiting changes stay with the key that made them.',
);

/**
 * Signing in, switching, removing and handing over: the moments the shown
 * account changes. Each one leaves everything the popup and the tray show
 * about the account before, and starts what the next one needs (docs/
 * ARCHITECTURE.md, invariant 9: one account at a time).
 */
export function createProfiles(deps: ProfilesDeps) {
  const { accounts, organization, connection, shown, outbox, tasks, reads, assigned } = deps;

  /** Everything shown follows the account now shown (or none). */
  function showAll(): void {
    shown.account();
    shown.tasks(tasks.list());
    connection.emit();
  }

  async function afterConnect(connected: Result<Connected>): Promise<Result<AccountStatus>> {
    if (!connected.ok) return connected;
    const { account } = connected.value;
    connection.setLastError(null);
    deps.active.forgetDemoPins();
    organization.set(connected.value.organization);
    if (account.demo) await tasks.pinKnown(account.demo.tasks.slice(0, 5));
    // Connected (again): this profile's waiting changes, paused or left from a sign-out, go out now.
    outbox.resumeProfile(account.profile.id);
    reads.connected(account.profile.id);
    deps.sync.connected(account.profile.id);
    assigned.signedOut();
    // Gathered behind, so the tray menu and the view have it; a list kept from an earlier run shows meanwhile.
    assigned.opened();
    showAll();
    return ok(accounts.status());
  }

  /** Connects; a demo that was running is gone, and so is everywhere its changes could land. */
  async function connectWith(run: () => Promise<Result<Connected>>) {
    const before = accounts.active();
    const connected = await run();
    if (connected.ok && before?.demo) await outbox.discardProfile(before.profile.id);
    return afterConnect(connected);
  }

  /** Another profile is shown (or none): everything the popup and the tray show follows. */
  function shownChanged(): void {
    const a = accounts.active();
    connection.setLastError(null);
    if (!a?.demo) deps.active.forgetDemoPins();
    organization.showKnown(a?.profile.id ?? null);
    showAll();
    if (!a) return;
    outbox.refresh();
    reads.connected(a.profile.id);
    // The organization first: a session's member is found in it.
    void organization.refresh().then(() => assigned.opened());
  }

  /**
   * Removes a profile and its keychain entry. Its waiting changes stay on
   * disk under its id, sent only if the same key (or person) connects again;
   * the demo's go with its service. Removing the shown one shows the next.
   */
  async function remove(profileId: string): Promise<Result<AccountStatus>> {
    const before = accounts.active();
    const isShown = before?.profile.id === profileId;
    // Requests on the wire finish first.
    await outbox.suspendProfile(profileId);
    if (isShown) assigned.signedOut();
    const done = await accounts.remove(profileId);
    if (isShown && before.demo) await outbox.discardProfile(profileId);
    organization.forget(profileId);
    deps.notifications.forget(profileId);
    deps.sync.forget(profileId);
    outbox.refresh();
    if (isShown) shownChanged();
    else {
      shown.account();
      connection.emit();
    }
    return done.ok ? ok(accounts.status()) : done;
  }

  async function switchTo(profileId: string): Promise<Result<AccountStatus>> {
    const before = accounts.active();
    if (before?.profile.id === profileId) return ok(accounts.status());
    // What "assigned to me" was gathering belongs to the profile before.
    assigned.signedOut();
    const switched = await accounts.switchTo(profileId);
    if (!switched.ok) {
      assigned.opened();
      return switched;
    }
    if (before?.demo) {
      await outbox.discardProfile(before.profile.id);
      deps.notifications.forget(before.profile.id);
    }
    shownChanged();
    return ok(accounts.status());
  }

  /** Other identities' waiting changes at this organization go out with the shown one's key. */
  async function handOverWaiting(): Promise<Result<ConnectionView>> {
    const a = accounts.active();
    if (!a || a.demo) return err(appError('not_connected', 'Connect first.'));
    // The popup's call is not the person's yes: a page that was taken over could make it.
    const waiting = connection.view().othersWaiting;
    if (!waiting) return ok(connection.view());
    if (!(await deps.confirm(handOverQuestion(waiting, a.profile.name)))) return err(NOT_HANDED);
    // Another account shown while the dialog was open: the question was about the one before.
    if (accounts.active()?.profile.id !== a.profile.id) return err(NOT_HANDED);
    const mine = deps.active.active()?.pins;
    for (const p of connection.neighbours()) {
      if (!mine || outbox.pendingTasks(p.id) === 0) continue;
      // Their tasks show in this list, so the person sees them go out and land.
      for (const pin of settingsPinStore(deps.settings, p.id).list())
        if (!mine.get(pin.taskId) && outbox.laneView(p.id, pin.taskId)) await mine.put(pin);
      await outbox.handOver(p.id, a.profile.id);
    }
    shown.tasks(tasks.list());
    connection.emit();
    return ok(connection.view());
  }

  return {
    /**
     * Tasks with a change still to send, for every profile that can send them
     * (the shown one and those behind): an update never restarts over them.
     * Not a removed profile's changes (they wait for its return) nor a refused
     * key's (they wait for the person), which no restart would lose.
     */
    waitingChanges(): number {
      let n = 0;
      for (const p of accounts.status().profiles)
        if ((p.hasSecret || p.demo) && outbox.pausedReason(p.id) === null)
          n += outbox.pendingTasks(p.id);
      return n;
    },
    connectWith,
    remove,
    switchTo,
    handOverWaiting,
    signOut(): Promise<Result<AccountStatus>> {
      const leaving = accounts.active();
      return leaving ? remove(leaving.profile.id) : Promise.resolve(ok(accounts.status()));
    },
    async rename(profileId: string, label: string): Promise<Result<AccountStatus>> {
      const renamed = await accounts.rename(profileId, label);
      if (!renamed.ok) return renamed;
      shown.account();
      return ok(accounts.status());
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
