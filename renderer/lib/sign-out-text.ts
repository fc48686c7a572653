import type { ProfileView } from '../../common/views';

/**
 * What signing out does, said before it is done: the pins stay, and changes
 * still waiting stay with the identity that made them (docs/ARCHITECTURE.md, invariant 7).
 */
export function signOutText(kind: ProfileView['authKind'], waiting: number, demo = false): string {
  // The demo's key lives in memory only: there is nothing in the keychain to remove.
  if (demo)
    return 'Leaving the demo closes its sample organization on this computer, with any changes made to it. Nothing was stored in your keychain.';
  const what = kind === 'api-key' ? 'key' : 'session';
  const lead = `The ${what} is removed from the keychain. Your pinned tasks stay for next time.`;
  if (waiting === 0) return lead;
  const changes = waiting === 1 ? '1 change still waits' : `${waiting} changes still wait`;
  const again =
    kind === 'api-key' ? 'connect again with this same key' : 'sign in again as the same person';
  return (
    `${lead} ${changes} to be sent: kept on this computer, sent only when you ${again}, ` +
    'never with another key or session.'
  );
}
