import type { PinnedTaskView } from '../../common/views';
import type { AccountService } from '../accounts/account-service';
import { sameViews } from '../tasks/pinned-view';
import type { createEvents } from './events';

/**
 * The account and task events the popup and the tray redraw from. Each
 * tasks event carries every row, so a list that reads the same as the last
 * one sent is not sent again: bookkeeping behind a landed change (the
 * snapshot written, the outbox entry removed) changes nothing a row shows.
 */
export function createShownState(
  events: ReturnType<typeof createEvents>,
  accounts: Pick<AccountService, 'status'>,
) {
  let shownTasks: readonly PinnedTaskView[] | null = null;
  return {
    account: (): void => events.emit('account:changed', accounts.status()),
    tasks(views: PinnedTaskView[]): void {
      if (shownTasks && sameViews(shownTasks, views)) return;
      shownTasks = views;
      events.emit('tasks:changed', views);
    },
  };
}

export type ShownState = ReturnType<typeof createShownState>;
