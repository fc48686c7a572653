/**
 * Windows toasts that still open what they were about after their Notification
 * object is gone: a toast in the Action Center, or one from an earlier run. Windows
 * hands the toast's `launch` attribute to the app's activator (Electron's
 * Notification.handleActivation, ActivationArguments.arguments), so the toast carries
 * what it is about there. Pure: the XML and its argument, both ways.
 */
import type { NotificationTarget } from './notify-events';

/** Marks our own launch arguments; anything else opens the popup. */
const KIND = 'task-tray-toast';
/** Ids are short (profile-id.ts, TaskIdSchema); a longer argument is not ours. */
const MAX_ARGUMENT_LENGTH = 1024;

/** The toast's launch argument for a target (null: the popup). */
export function toastLaunchArgument(target: NotificationTarget | null): string {
  const params = new URLSearchParams({ kind: KIND });
  if (target) {
    params.set('profile', target.profileId);
    params.set('task', target.taskId);
  }
  return params.toString();
}

/** The target a toast's launch argument names, or null for the popup (or anything not ours). */
export function targetFromToastArgument(argument: string): NotificationTarget | null {
  if (typeof argument !== 'string' || argument.length > MAX_ARGUMENT_LENGTH) return null;
  const params = new URLSearchParams(argument);
  if (params.get('kind') !== KIND) return null;
  const profileId = params.get('profile');
  const taskId = params.get('task');
  return profileId && taskId ? { profileId, taskId } : null;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/**
 * The toast Electron would show for a title and body (ToastGeneric, two text lines),
 * with the launch argument on it. Electron's own toast carries none we could read back.
 */
export function toastXml(title: string, body: string, target: NotificationTarget | null): string {
  return (
    `<toast launch="${escapeXml(toastLaunchArgument(target))}" activationType="foreground">` +
    `<visual><binding template="ToastGeneric">` +
    `<text>${escapeXml(title)}</text><text>${escapeXml(body)}</text>` +
    `</binding></visual></toast>`
  );
}
