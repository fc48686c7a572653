import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadWhenIdle } from '../lib/idle-loads';

/** The home screen's later parts (home-later.ts): fetched when the popup is idle, or when first used. */
export const loadLater = loadWhenIdle(() => import('./home-later'));
// Its type from the loader: a type import of it would close a loop through the parts that use this.
type Later = Awaited<ReturnType<typeof loadLater>>;

type Components = {
  [K in keyof Later as Later[K] extends ComponentType<never> ? K : never]: Later[K];
};
/** One of those parts, drawn by React once its file is there (a Suspense boundary waits). */
const part = <K extends keyof Components>(name: K): LazyExoticComponent<Components[K]> =>
  lazy(() => loadLater().then((m) => ({ default: m[name] as Components[K] })));

export const BulkBar = part('BulkBar');
export const ClipboardWatch = part('ClipboardWatch');
export const ConnectionNotice = part('ConnectionNotice');
export const ErrorScreen = part('ErrorScreen');
export const LoadProblem = part('LoadProblem');
export const HandOverNotice = part('HandOverNotice');
export const KeysHelp = part('KeysHelp');
export const NoPinsYet = part('NoPinsYet');
export const Notice = part('Notice');
export const OrgDetails = part('OrgDetails');
export const ProfileMenu = part('ProfileMenu');
export const Search = part('Search');
export const UndoToast = part('UndoToast');
export const UpdateLine = part('UpdateLine');
