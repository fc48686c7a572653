import type { ProfileView } from '../../common/views';
import { signOutText } from './sign-out-text';

/**
 * What removing a profile does, said before it is done: the keychain entry
 * goes, its pins and waiting changes stay for its return (signOutText), and
 * which account shows next when it is the one shown.
 */
export function removeProfileText(
  p: ProfileView,
  waiting: number,
  next: { readonly shown: boolean; readonly nextName: string | null },
): string {
  const base = signOutText(p.authKind, waiting, p.demo);
  if (!next.shown) return base;
  return next.nextName
    ? `${base} Task Tray then shows ${next.nextName}.`
    : `${base} With no other account here, Task Tray asks you to connect.`;
}
