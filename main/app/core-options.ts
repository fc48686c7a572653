import type { Result } from '../../common/result';
import type { SettingsView, ShortcutNotice } from '../../common/views';
import type { ShortcutSetting } from '../../common/shortcut';
import type { DemoService, SessionGrant } from '../accounts/sign-in';
import type { ClipboardContent } from '../evidence/clipboard-evidence';
import type { LogSink } from '../log/logger';
import type { AppNotification } from '../notify/notify-events';
import type { BackoffPolicy } from '../outbox/retry-policy';
import type { ComplianceKeptPort } from '../tasks/compliance-changes';
import type { CapturePort } from '../capture/capture-port';
import type { Scheduler } from '../scheduler/scheduler';
import type { SecretStore } from '../secrets/secret-store';
import type { RateLimit } from '../service/pacing';

/**
 * Everything the core is given from outside. index.ts passes Electron's
 * pieces; the tests pass Node's fetch, temp folders, the real keychain and
 * the reference service. Every optional one has a "not here" answer.
 */
export interface AppCoreOptions {
  readonly userDataDir: string;
  readonly secrets: SecretStore;
  /** Electron's net.fetch in the app (system proxy and certificates); Node's fetch in tests. */
  readonly fetch: typeof fetch;
  readonly startDemoService: () => Promise<DemoService>;
  readonly signInWithBrowser?: (
    signInUrl: string,
    serviceUrl: string,
  ) => Promise<Result<SessionGrant>>;
  readonly readClipboardText?: () => string | Promise<string>;
  /** Files copied in the file manager and the image, for a paste of evidence; absent: no pasting. */
  readonly readClipboardEvidence?: () => Promise<ClipboardContent>;
  readonly openExternal?: (url: string) => Promise<Result<null>>;
  /**
   * Asks the person itself, in a native dialog, before an act the popup asked
   * for that cannot be undone or that trusts what the popup sent; true only on
   * their yes. Absent: nothing is asked, and the act is not done.
   */
  readonly confirm?: (question: Confirmation) => Promise<boolean>;
  readonly hideWindow?: () => void;
  /** Ends the app (Electron's app.quit); absent where there is no app to end. */
  readonly quit?: () => void;
  /** Shows the log file in the OS's file manager (Settings' About); absent where there is none. */
  readonly showLogFile?: () => Result<null>;
  /** The app's version, shown in Settings' About. */
  readonly appVersion?: string;
  /** Whether the computer has a network (Electron's net.isOnline); unknown means yes. */
  readonly isOnline?: () => boolean;
  readonly setLaunchAtLogin?: (on: boolean) => Promise<Result<boolean>>;
  /**
   * What the OS will really do at next login: the person may have changed it outside the
   * app. `wanted` (the saved setting) lets a Linux AppImage's entry follow an update.
   */
  readonly isLaunchAtLoginEnabled?: (wanted?: boolean) => Promise<boolean>;
  /** Binds one of the global shortcuts (the popup's when `setting` is not given). */
  readonly applyShortcut?: (accelerator: string, setting?: ShortcutSetting) => Result<string>;
  /** The shortcut registered now, if any (it may differ from the saved one: refused at start). */
  readonly currentShortcut?: (setting?: ShortcutSetting) => string | null;
  /** What Settings should say about a saved shortcut (shortcut-notice.ts). */
  readonly shortcutNotice?: (saved: string, setting?: ShortcutSetting) => ShortcutNotice | null;
  readonly onSettingsChanged?: (view: SettingsView) => void;
  readonly timeoutMs?: number;
  readonly logSink?: LogSink;
  /** Shows a native notification (main/notify/electron-notifier.ts); none where absent. */
  readonly notify?: (notification: AppNotification) => void;
  /** Whether the popup is on screen: what it shows is not notified as well. */
  readonly popupVisible?: () => boolean;
  /** Every timer main sets for its own work; one is made when not given. */
  readonly scheduler?: Scheduler;
  readonly outbox?: OutboxOptions;
  /**
   * Where compliance tasks' answers (a change landed, a review) are kept:
   * the kept list of main/compliance/compliance-kept.ts once it is wired here.
   */
  readonly complianceKept?: ComplianceKeptPort;
  /** The screen, to capture as evidence (Electron's desktopCapturer); absent: the chooser says there is none. */
  readonly capture?: CapturePort;
}

/** A question main asks the person: what goes ahead, why it matters, and the button that says yes. */
export interface Confirmation {
  readonly message: string;
  readonly detail: string;
  /** The button that goes ahead; the other one cancels and is the default. */
  readonly confirm: string;
}

export interface OutboxOptions {
  /** Waits between retries (tests make them short). */
  readonly backoff?: BackoffPolicy;
  /** Pacing; by default the requestsPerMinute setting over 60 s. Given here, the setting is not used. */
  readonly rate?: RateLimit;
  /** The jitter's random source. */
  readonly random?: () => number;
}

export const SETTINGS_FILE = 'settings.json';
/** Changes waiting to reach the service, in the user-data folder beside the settings. */
export const OUTBOX_FILE = 'outbox.json';
