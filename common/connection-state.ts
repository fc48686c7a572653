/**
 * The connection at a glance, as the footer shows it: why it is as it is, its
 * few words, tone and image (connection-model.ts adds the sentence).
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

/** The connection at a glance: everything but the sentence. */
export interface ConnectionState {
  /** A few words for the footer: "Service unreachable". */
  readonly label: string;
  /** What the person can do, when there is something. */
  readonly action: 'none' | 'retry' | 'reconnect';
  readonly tone: 'good' | 'info' | 'warning' | 'danger';
  readonly icon: ConnectionIcon;
}

export const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);

export type Connection = { readonly cause: ConnectionCause; readonly pendingChanges: number };

/** describeConnection (connection-model.ts) without the sentence. */
export function connectionState(c: Connection, authKind?: 'api-key' | 'session'): ConnectionState {
  const n = c.pendingChanges;
  switch (c.cause) {
    case 'online':
      return n > 0
        ? { label: `Sending ${changes(n)}…`, action: 'none', tone: 'info', icon: 'pending' }
        : { label: 'Connected', action: 'none', tone: 'good', icon: 'normal' };
    case 'signed-out':
      return { label: 'Not connected', action: 'none', tone: 'info', icon: 'offline' };
    case 'computer-offline':
      return { label: 'This computer is offline', action: 'none', tone: 'info', icon: 'offline' };
    case 'unreachable':
      return { label: 'Service unreachable', action: 'retry', tone: 'warning', icon: 'offline' };
    case 'failing':
      return { label: 'Service failing', action: 'retry', tone: 'warning', icon: 'error' };
    case 'rate-limited':
      return { label: 'Slowed down by the service', action: 'none', tone: 'info', icon: 'pending' };
    case 'refused':
      return {
        label: authKind === 'session' ? 'Session refused' : authKind ? 'Key refused' : 'Refused',
        action: 'reconnect',
        tone: 'danger',
        icon: 'error',
      };
    case 'permission':
      return { label: 'Permission missing', action: 'reconnect', tone: 'danger', icon: 'error' };
  }
}
