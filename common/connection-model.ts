/**
 * What is wrong with the link to the service, if anything: one answer that
 * the footer, the notice, the tray icon, its tooltip and its menu all say
 * the same way (describeConnection).
 */
export const CONNECTION_CAUSES = [
  'online',
  'signed-out',
  'computer-offline',
  'unreachable',
  'failing',
  'rate-limited',
  'refused',
  'permission',
] as const;
export type ConnectionCause = (typeof CONNECTION_CAUSES)[number];

/** The tray's four images, worst first: error, offline, pending, normal. */
export type ConnectionIcon = 'normal' | 'offline' | 'pending' | 'error';

export interface ConnectionWords {
  /** A few words for the footer: "Service unreachable". */
  readonly label: string;
  /** A sentence for the notice, the tooltip and the menu, with what happens to waiting changes. */
  readonly headline: string;
  /** What the person can do, when there is something. */
  readonly action: 'none' | 'retry' | 'reconnect';
  readonly tone: 'good' | 'info' | 'warning' | 'danger';
  readonly icon: ConnectionIcon;
}

const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);

/** Said after the state when changes wait: what becomes of them. */
function waitingText(n: number, when: string): string {
  return n === 0 ? '' : ` ${changes(n)} ${n === 1 ? 'waits' : 'wait'} and ${when}.`;
}

/**
 * The words and image for a connection. `authKind` names what was refused
 * (a key or a web session); without it, the neutral words.
 */
export function describeConnection(
  c: { readonly cause: ConnectionCause; readonly pendingChanges: number },
  authKind?: 'api-key' | 'session',
): ConnectionWords {
  const n = c.pendingChanges;
  switch (c.cause) {
    case 'online':
      return n > 0
        ? {
            label: `Sending ${changes(n)}…`,
            headline: `Connected: sending ${changes(n)}.`,
            action: 'none',
            tone: 'info',
            icon: 'pending',
          }
        : {
            label: 'Connected',
            headline: 'Connected.',
            action: 'none',
            tone: 'good',
            icon: 'normal',
          };
    case 'signed-out':
      return {
        label: 'Not connected',
        headline: 'Not connected: connect from the popup.',
        action: 'none',
        tone: 'info',
        icon: 'offline',
      };
    case 'computer-offline':
      return {
        label: 'This computer is offline',
        headline: `This computer is offline.${waitingText(n, 'will be sent when it is back online')}`,
        action: 'none',
        tone: 'info',
        icon: 'offline',
      };
    case 'unreachable':
      return {
        label: 'Service unreachable',
        headline: `The service is not answering (this computer is online).${waitingText(n, 'will be sent when it answers')}`,
        action: 'retry',
        tone: 'warning',
        icon: 'offline',
      };
    case 'failing':
      return {
        label: 'Service failing',
        headline: `The service is failing: it answers with errors.${waitingText(n, 'will be retried')}`,
        action: 'retry',
        tone: 'warning',
        icon: 'error',
      };
    case 'rate-limited':
      return {
        label: 'Slowed down by the service',
        headline: `The service asked Task Tray to slow down.${waitingText(n, 'will be sent shortly')}`,
        action: 'none',
        tone: 'info',
        icon: 'pending',
      };
    case 'refused':
      return {
        label: authKind === 'session' ? 'Session refused' : authKind ? 'Key refused' : 'Refused',
        headline: `The service refused ${
          authKind === 'session'
            ? 'the web session'
            : authKind
              ? 'the API key'
              : 'the key or session'
        }: connect again from the popup.${waitingText(n, 'are paused until then')}`,
        action: 'reconnect',
        tone: 'danger',
        icon: 'error',
      };
    case 'permission':
      return {
        label: 'Permission missing',
        headline: `The ${
          authKind === 'session' ? 'account' : 'key'
        } lacks a permission the service needs.${waitingText(n, 'are paused until then')}`,
        action: 'reconnect',
        tone: 'danger',
        icon: 'error',
      };
  }
}
