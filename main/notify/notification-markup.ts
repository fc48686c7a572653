/**
 * On Linux, Electron hands a notification's title and body to libnotify, and
 * notification servers that support body markup (KDE, XFCE) render it: a
 * task title, a member's name or the service's reason for a refusal could
 * show a clickable link or load a local file. There the angle brackets
 * become look-alike quotation marks, so nothing can open a tag and every
 * server shows the same words. Elsewhere the OS shows text as text.
 */
export function forNotificationServer(text: string, platform: NodeJS.Platform): string {
  if (platform !== 'linux') return text;
  return text.replace(/</g, '‹').replace(/>/g, '›');
}
