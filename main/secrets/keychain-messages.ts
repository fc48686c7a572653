import { appError } from '../../common/result';
import type { AppError } from '../../common/result';

export type KeychainAction = 'save' | 'read' | 'remove';

/** How long the operating system's own reason may be; it is a hint, not a log. */
const MAX_REASON_LENGTH = 200;

const ACTION_TEXT: Record<KeychainAction, { verb: string; after: string }> = {
  save: { verb: 'save the key in', after: 'The key was not stored anywhere else.' },
  read: { verb: 'read the key from', after: 'You stay signed out until it can.' },
  remove: { verb: 'remove the key from', after: 'The key may still be in the keychain.' },
};

/** What the keychain is called on each OS, and what a person does to make it work. */
const platformAdvice = (platform: NodeJS.Platform): { name: string; fix: string } => {
  switch (platform) {
    case 'darwin':
      return {
        name: 'the macOS Keychain',
        fix:
          'Open Keychain Access, unlock the "login" keychain, and choose "Always Allow" ' +
          'when macOS asks whether Task Tray may use it, then try again.',
      };
    case 'win32':
      return {
        name: 'Windows Credential Manager',
        fix:
          'Open Credential Manager from the Control Panel and check that Windows Credentials ' +
          'can be saved for your account (a group policy may block them), then try again.',
      };
    default:
      // Linux and the BSDs: keytar talks to the Secret Service over D-Bus.
      return {
        name: 'the system keychain (Secret Service)',
        fix:
          'Install and unlock a keyring — gnome-keyring, or KWallet with kwallet and libsecret — ' +
          'and make sure a D-Bus session is running (DBUS_SESSION_BUS_ADDRESS is set), then try again.',
      };
  }
};

/**
 * The OS's reason, made safe to show: the secret is cut out wherever it appears
 * (an OS message could echo its input), control characters flattened, length capped.
 */
export const safeReason = (cause: unknown, secret?: string): string => {
  let text = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  if (secret) text = text.split(secret).join('[secret]');
  text = text.replace(/\p{Cc}+/gu, ' ').trim();
  if (text.length > MAX_REASON_LENGTH) text = `${text.slice(0, MAX_REASON_LENGTH)}…`;
  // The sentence adds its own full stop.
  text = text.replace(/[.\s]+$/, '');
  return text || 'no reason given';
};

/**
 * The error every keychain failure becomes: kind `keychain_unavailable`, and a
 * message that names the platform's keychain and says how to fix it.
 */
export const keychainUnavailable = (
  platform: NodeJS.Platform,
  action: KeychainAction,
  cause: unknown,
  secret?: string,
): AppError => {
  const { name, fix } = platformAdvice(platform);
  const { verb, after } = ACTION_TEXT[action];
  return appError(
    'keychain_unavailable',
    `Task Tray could not ${verb} ${name}: ${safeReason(cause, secret)}. ${fix} ${after}`,
  );
};
