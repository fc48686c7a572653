import { defaultNotificationSettings } from '../../../common/notification-kinds';
import type { NotificationSettings } from '../../../common/notification-kinds';
import { createNotificationRules } from '../../../main/notify/notification-rules';
import type {
  AppNotification,
  ChangeLanded,
  ChangeRefused,
  NotifyContext,
} from '../../../main/notify/notify-events';
import { manualClock } from '../../helpers/manual-clock';

export const LABELS: Record<string, string> = {
  acme: 'Acme — API key',
  globex: 'Globex — web session',
};

/** The rules as main runs them, with a clock the test moves and the app's state the test sets. */
export function rulesHarness() {
  const clock = manualClock();
  const shown: AppNotification[] = [];
  /** When each was shown, on the test's clock. */
  const shownAt: number[] = [];
  const app: {
    settings: NotificationSettings;
    popupVisible: boolean;
    shownProfileId: string | null;
  } = { settings: defaultNotificationSettings(), popupVisible: false, shownProfileId: 'acme' };
  const context = (): NotifyContext => ({ ...app, profileLabel: (id) => LABELS[id] ?? null });
  const rules = createNotificationRules({
    clock,
    context,
    show: (n) => {
      shown.push(n);
      shownAt.push(clock.now());
    },
  });
  return { clock, shown, shownAt, app, rules };
}

export const landed = (taskId: string, extra: Partial<ChangeLanded> = {}): ChangeLanded => ({
  kind: 'change-landed',
  profileId: 'acme',
  taskId,
  title: `Task ${taskId}`,
  waited: true,
  origin: 'popup',
  ...extra,
});

export const refused = (
  taskId: string,
  madeAt: number,
  extra: Partial<ChangeRefused> = {},
): ChangeRefused => ({
  kind: 'change-refused',
  profileId: 'acme',
  taskId,
  title: `Task ${taskId}`,
  reason: 'The service refused the change: "blocked" is not a status it knows.',
  origin: 'tray',
  madeAt,
  ...extra,
});
