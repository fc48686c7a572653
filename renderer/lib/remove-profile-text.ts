import type { ProfileView } from '../../common/views';

/** What removing an account from this computer forgets and keeps, said before it is done. */
export interface RemoveText {
  readonly forgets: string;
  readonly keeps: string;
  /** Which account shows next, when the one removed is shown. */
  readonly then: string | null;
}

/**
 * Removing an account (the shown one or another: one action, one name) takes
 * its key or session out of the keychain and the account out of the list;
 * its pins and waiting changes stay on this computer for its return, sent
 * only with the same identity (docs/ARCHITECTURE.md, invariant 7).
 */
export function removeProfileText(
  p: ProfileView,
  waiting: number,
  next: { readonly shown: boolean; readonly nextName: string | null },
): RemoveText {
  const then = !next.shown
    ? null
    : next.nextName
      ? `Task Tray then shows ${next.nextName}.`
      : 'With no other account here, Task Tray then asks you to connect.';
  // The demo's key lives in memory only: there is nothing in the keychain to remove.
  if (p.demo)
    return {
      forgets: 'the sample organization, with any changes made to it.',
      keeps: 'nothing: the demo stored nothing in your keychain.',
      then,
    };
  const what = p.authKind === 'api-key' ? 'key' : 'session';
  const again =
    p.authKind === 'api-key'
      ? 'connect again with this same key'
      : 'sign in again as the same person';
  const changes =
    waiting === 0
      ? ''
      : waiting === 1
        ? ', and 1 change still to send (sent only then, never with another key or session)'
        : `, and ${waiting} changes still to send (sent only then, never with another key or session)`;
  return {
    forgets: `the ${what} (taken out of the keychain) and this account in the list.`,
    keeps: `the pinned tasks, for when you ${again}${changes}.`,
    then,
  };
}
