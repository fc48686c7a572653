import type { AssignedView, PersonView } from '../../common/views';
import type { BuildProgress } from './assigned-build';
import type { AssignedEntry } from './assigned-cache';

/** What is known this run about "assigned to me", for the profile it is about. */
export interface AssignedKnown {
  readonly profileId: string;
  me: PersonView | null;
  /** The member was looked up (session) or checked against the people list (key) this run. */
  checked: boolean;
  phase: 'idle' | 'building' | 'failed' | 'unavailable';
  progress: BuildProgress | null;
  message: string | null;
}

export const unknownFor = (profileId: string): AssignedKnown => ({
  profileId,
  me: null,
  checked: false,
  phase: 'idle',
  progress: null,
  message: null,
});

const SIGNED_OUT: AssignedView = {
  state: 'unavailable',
  me: null,
  canChooseMe: false,
  tasks: [],
  more: 0,
  progress: null,
  builtAt: null,
  message: 'Connect to the service first.',
};

/**
 * What the view shows, from what is known this run and what was kept on
 * disk: a kept list shows at once, whatever is being read behind it.
 */
export function assignedView(
  signedIn: { readonly authKind: 'api-key' | 'session'; readonly memberId: string | null } | null,
  k: AssignedKnown | null,
  keptFor: (memberId: string) => AssignedEntry | null,
): AssignedView {
  if (!signedIn || !k) return SIGNED_OUT;
  const canChooseMe = signedIn.authKind === 'api-key';
  const memberId = k.me?.id ?? signedIn.memberId;
  const kept = memberId ? keptFor(memberId) : null;
  const base = {
    me: k.me ?? (memberId ? { id: memberId, name: null, email: null, role: null } : null),
    canChooseMe,
    tasks: kept?.tasks ?? [],
    more: kept?.more ?? 0,
    progress: k.phase === 'building' ? k.progress : null,
    builtAt: kept?.builtAt ?? null,
  };
  if (k.phase === 'unavailable') return { ...base, state: 'unavailable', message: k.message };
  if (k.phase === 'failed' && !memberId) return { ...base, state: 'failed', message: k.message };
  // Who the person is, or whom they could choose from, is being asked of the service.
  if (!memberId && !k.checked && k.phase === 'idle')
    return { ...base, state: 'building', message: null };
  if (!memberId)
    return {
      ...base,
      state: 'needs-me',
      message:
        k.message ??
        (canChooseMe
          ? 'An API key does not say who you are: choose yourself from the people of the organization.'
          : null),
    };
  if (k.phase === 'building') return { ...base, state: 'building', message: kept?.note ?? null };
  if (k.phase === 'failed') return { ...base, state: 'failed', message: k.message };
  return { ...base, state: kept ? 'ready' : 'building', message: kept?.note ?? null };
}

/**
 * The view as the tray's state carries it, redrawn and compared on every
 * event: every task pinned here (the menu lists those above, and leaves them
 * out of this list) and the first `shown` others; the rest only counted in `more`.
 */
export function assignedForTray(
  view: AssignedView,
  pinned: ReadonlySet<string>,
  shown: number,
): AssignedView {
  let others = 0;
  const tasks = view.tasks.filter((t) => pinned.has(t.id) || others++ < shown);
  if (tasks.length === view.tasks.length) return view;
  return { ...view, tasks, more: view.more + view.tasks.length - tasks.length };
}
