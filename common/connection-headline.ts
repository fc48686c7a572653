import { changes } from './connection-state';
import type { Connection } from './connection-state';

/** Said after the state when changes wait: what becomes of them. */
function waitingText(n: number, when: string): string {
  return n === 0 ? '' : ` ${changes(n)} ${n === 1 ? 'waits' : 'wait'} and ${when}.`;
}

/**
 * describeConnection's sentence for the notice, the tooltip and the menu,
 * with what happens to waiting changes. `authKind` names what was refused.
 */
export function connectionHeadline(c: Connection, authKind?: 'api-key' | 'session'): string {
  const n = c.pendingChanges;
  switch (c.cause) {
    case 'online':
      return n > 0 ? `Connected: sending ${changes(n)}.` : 'Connected.';
    case 'signed-out':
      return 'Not connected: connect from the popup.';
    case 'computer-offline':
      return `This computer is offline.${waitingText(n, 'will be sent when it is back online')}`;
    case 'unreachable':
      return `The service is not answering (this computer is online).${waitingText(n, 'will be sent when it answers')}`;
    case 'failing':
      return `The service is failing: it answers with errors.${waitingText(n, 'will be retried')}`;
    case 'rate-limited':
      return `The service asked Task Tray to slow down.${waitingText(n, 'will be sent shortly')}`;
    case 'refused':
      return `The service refused ${
        authKind === 'session' ? 'the web session' : authKind ? 'the API key' : 'the key or session'
      }: connect again from the popup.${waitingText(n, 'are paused until then')}`;
    case 'permission':
      return `The ${
        authKind === 'session' ? 'account' : 'key'
      } lacks a permission the service needs.${waitingText(n, 'are paused until then')}`;
  }
}
