import { connectionHeadline } from './connection-headline';
import { connectionState } from './connection-state';
import type { Connection, ConnectionState } from './connection-state';

/**
 * What is wrong with the link to the service, if anything: one answer that
 * the footer, the notice, the tray icon, its tooltip and its menu all say
 * the same way (describeConnection). The popup's first
 * screen shows only connection-state.ts; the sentences are in connection-headline.ts.
 */
export { CONNECTION_CAUSES } from './connection-state';
export type { ConnectionCause, ConnectionIcon, ConnectionState } from './connection-state';

export interface ConnectionWords extends ConnectionState {
  /** A sentence for the notice, the tooltip and the menu, with what happens to waiting changes. */
  readonly headline: string;
}

/**
 * The words and image for a connection. `authKind` names what was refused
 * (a key or a web session); without it, the neutral words.
 */
export function describeConnection(
  c: Connection,
  authKind?: 'api-key' | 'session',
): ConnectionWords {
  return { ...connectionState(c, authKind), headline: connectionHeadline(c, authKind) };
}
