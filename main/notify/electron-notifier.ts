import { Notification } from 'electron';
import { forNotificationServer } from './notification-markup';
import type { AppNotification, NotificationTarget } from './notify-events';
import { targetFromToastArgument, toastXml } from './toast-activation';

/**
 * Shows what the rules decided (notification-rules.ts) as a native
 * notification. Nothing is decided here.
 *
 * Each notification shown is kept until it is clicked or fails: Electron
 * holds a main-process Notification only weakly, and once the object is
 * garbage-collected its click is silently dropped — the notification still
 * shows, clicking it does nothing (electron/electron#16922, #12690). Not
 * released on "close": Windows emits it when a toast times out into the
 * Action Center, where it can still be clicked. Instead the oldest are let
 * go past a bound, so a long run does not keep every one.
 */

/** More than the rules ever show in a few minutes; past this, the oldest is let go (no longer clickable). */
export const MAX_KEPT = 50;

export interface ElectronNotifierOptions {
  /** Opens what a click names: a task of a profile, or (null) the popup. */
  readonly open: (target: NotificationTarget | null) => void;
  /** The app's icon, where the OS does not take it from the app itself (Linux). */
  readonly icon?: string;
  readonly onError?: (message: string) => void;
  /**
   * Where it runs: on Linux the text is kept free of markup (notification-markup.ts);
   * on Windows every toast click comes through Notification.handleActivation, which also
   * reaches toasts of earlier runs (the toast activator CLSID, app-user-model-id.ts).
   */
  readonly platform?: NodeJS.Platform;
}

export interface Notifier {
  /** Shows it; false when this system has no notifications (nothing is shown, nothing kept). */
  show(notification: AppNotification): boolean;
  /** Lets go of every notification kept; those on screen stay, their clicks do nothing. */
  dispose(): void;
}

export function createElectronNotifier(opts: ElectronNotifierOptions): Notifier {
  const kept = new Map<string, Notification>();
  let unsupportedSaid = false;
  const platform = opts.platform ?? process.platform;
  const windows = platform === 'win32';
  if (windows) {
    // Called for a click on any of our toasts, this run's or an earlier one's, and at once
    // for the click that started this run (during this call: so not before the caller has
    // finished wiring); a toast's own 'click' would open it a second time.
    Notification.handleActivation((details) => {
      const target = targetFromToastArgument(details.arguments);
      setImmediate(() => opts.open(target));
    });
  }

  const release = (id: string, n: Notification) => {
    if (kept.get(id) === n) kept.delete(id);
  };

  return {
    show(notification) {
      if (!Notification.isSupported()) {
        if (!unsupportedSaid) opts.onError?.('This system does not show notifications.');
        unsupportedSaid = true;
        return false;
      }
      let n: Notification;
      try {
        n = new Notification({
          title: forNotificationServer(notification.title, platform),
          body: forNotificationServer(notification.body, platform),
          ...(opts.icon ? { icon: opts.icon } : {}),
          ...(windows
            ? { toastXml: toastXml(notification.title, notification.body, notification.target) }
            : {}),
        });
      } catch (e) {
        // A notification is a courtesy: failing to show one must not break what asked for it.
        opts.onError?.(`A notification could not be made: ${String(e)}`);
        return false;
      }
      const { id, target } = notification;
      n.on('click', () => {
        release(id, n);
        if (!windows) opts.open(target);
      });
      // macOS and Windows only: e.g. the app is not allowed to notify (Focus, notification settings).
      n.on('failed', (_event, error) => {
        release(id, n);
        opts.onError?.(`A notification could not be shown: ${error}`);
      });
      kept.set(id, n);
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_KEPT) break;
        kept.delete(oldest);
      }
      try {
        n.show();
      } catch (e) {
        release(id, n);
        opts.onError?.(`A notification could not be shown: ${String(e)}`);
        return false;
      }
      return true;
    },

    dispose() {
      kept.clear();
    },
  };
}
