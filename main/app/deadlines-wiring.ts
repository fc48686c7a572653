import { join } from 'node:path';
import type { AccountService } from '../accounts/account-service';
import type { Assigned } from '../assigned/assigned-service';
import type { KeptCompliance } from '../compliance/compliance-kept';
import type { Logger } from '../log/logger';
import type { Notifications } from '../notify/notifications';
import { createReminderStore, REMINDERS_FILE } from '../reminders/reminder-store';
import { createReminders } from '../reminders/reminders';
import type { Scheduler } from '../scheduler/scheduler';
import type { SettingsStore } from '../settings/settings-store';
import { createDayTurn } from '../tray/day-turn';
import { trayDeadlines } from '../tray/deadline-items';
import type { TrayDeadlines } from '../tray/deadline-items';
import type { ActiveProfiles } from './active-profile';

export interface AppDeadlinesDeps {
  readonly userDataDir: string;
  readonly kept: KeptCompliance;
  readonly accounts: Pick<AccountService, 'active' | 'signedInIds'>;
  readonly profiles: Pick<ActiveProfiles, 'saved'>;
  readonly assigned: Pick<Assigned, 'meOf'>;
  readonly notifications: Pick<Notifications, 'remind'>;
  readonly settings: Pick<SettingsStore, 'get'>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  /** The person's IANA time zone now; the system's by default (travel changes it). */
  readonly timeZone?: () => string;
  /** The shown account's pinned compliance task ids: My work shows their due words too. */
  readonly pinned?: () => readonly string[];
}

/**
 * What is due among the person's compliance tasks: the reminders
 * (main/reminders/) for every account signed in, and the tray's
 * "2 overdue · 1 due today" for the one shown.
 */
export function createAppDeadlines(deps: AppDeadlinesDeps) {
  const zone = deps.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  /** Who the person is at a profile: as "Assigned to me" learnt it (shown or not), else as saved. */
  const me = (profileId: string): string | null =>
    deps.assigned.meOf(profileId) ?? deps.profiles.saved(profileId)?.memberId ?? null;
  const store = createReminderStore({
    filePath: join(deps.userDataDir, REMINDERS_FILE),
    now: () => new Date(deps.scheduler.now()),
    onProblem: (message) => deps.log.warn(message),
  });
  const reminders = createReminders({
    kept: deps.kept,
    profiles: () => {
      const shown = deps.accounts.active()?.profile.id;
      const ids = deps.accounts.signedInIds();
      return shown && !ids.includes(shown) ? [shown, ...ids] : ids;
    },
    me,
    timeZone: zone,
    enabled: () => {
      const n = deps.settings.get().notifications;
      return n.enabled && n.reminders;
    },
    scheduler: deps.scheduler,
    store,
    remind: (event) => deps.notifications.remind(event),
    log: deps.log,
  });
  /** The shown account's tasks of the person's; null when nobody is known there. */
  const shownMine = () => {
    const shown = deps.accounts.active()?.profile.id;
    const memberId = shown ? me(shown) : null;
    if (!shown || !memberId) return null;
    return (deps.kept.list(shown)?.tasks ?? []).filter((t) => t.assigneeId === memberId);
  };
  const dayListeners = new Set<() => void>();
  const dayTurn = createDayTurn({
    scheduler: deps.scheduler,
    timeZone: zone,
    // Midnight changes the due words of the person's own tasks and of those pinned.
    needed: () => {
      const shown = deps.accounts.active()?.profile.id;
      const pinned = new Set(deps.pinned?.() ?? []);
      const dated = (t: { id: string; reviewDate: string | null }) =>
        t.reviewDate !== null && pinned.has(t.id);
      return (
        (shownMine()?.some((t) => t.reviewDate !== null) ?? false) ||
        (shown !== undefined && (deps.kept.list(shown)?.tasks.some(dated) ?? false))
      );
    },
    onTurn: () => {
      for (const l of dayListeners) l();
    },
  });
  const off = deps.kept.on(() => dayTurn.arm());
  return {
    reminders,
    async start(): Promise<void> {
      await store.load();
      reminders.check();
      dayTurn.arm();
    },
    /** Signed in, "me" learnt, woken (the zone may have moved): reminders due, midnight moved. */
    check(): void {
      reminders.check();
      dayTurn.arm();
    },
    /** The pins changed: midnight may matter now, or no longer. */
    pinsChanged(): void {
      dayTurn.arm();
    },
    /** Local midnight came while the tray shows deadlines: what it says of days has changed. */
    onDayTurned(listener: () => void): () => void {
      dayListeners.add(listener);
      return () => dayListeners.delete(listener);
    },
    /** The shown account's tasks due today or overdue, for the tray; null when none is shown. */
    tray(): TrayDeadlines | null {
      const mine = shownMine();
      return mine ? trayDeadlines(mine, deps.scheduler.now(), zone()) : null;
    },
    async dispose(): Promise<void> {
      off();
      dayTurn.dispose();
      await reminders.dispose();
    },
  };
}
export type AppDeadlines = ReturnType<typeof createAppDeadlines>;
