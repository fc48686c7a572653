/**
 * What the updater is doing, as a pure state machine over its events. The
 * Electron adapter turns electron-updater's events into `UpdaterEvent`s; the
 * tray menu and the popup footer show the resulting state (update-text.ts).
 */
import type { InstallKind, ManualReason } from './install-kind';
import { releasePageUrl } from './release-page';
import type { UpdateProblem } from './update-error';

export type UpdateState =
  /** This copy does not check (development run, Snap, an unpacked folder). */
  | { readonly kind: 'off'; readonly reason: 'unpackaged' | 'snap' | 'unmanaged' }
  /** Nothing asked yet. */
  | { readonly kind: 'idle' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'up-to-date' }
  | { readonly kind: 'downloading'; readonly version: string | null; readonly percent: number }
  /** Downloaded; installs on "Restart to update" (or at quit). */
  | { readonly kind: 'ready'; readonly version: string | null }
  /** quitAndInstall was called: the app is about to go. */
  | { readonly kind: 'installing'; readonly version: string | null }
  /** A newer version exists, and this copy is updated by hand from `url`. */
  | {
      readonly kind: 'available-manual';
      readonly version: string | null;
      readonly reason: Exclude<ManualReason, 'unsigned-mac'>;
      readonly url: string;
    }
  /** macOS without a Developer ID signature: it cannot update itself; `url` has the new one. */
  | { readonly kind: 'unsigned-mac'; readonly version: string | null; readonly url: string }
  | {
      readonly kind: 'error';
      readonly problem: Exclude<UpdateProblem, 'mac-unsigned'>;
      readonly during: 'check' | 'download' | 'install';
    };

export type UpdaterEvent =
  | { readonly type: 'checking' }
  | { readonly type: 'not-available' }
  | { readonly type: 'available'; readonly version: string | null }
  /** 0–100, as electron-updater reports it. */
  | { readonly type: 'progress'; readonly percent: number }
  | { readonly type: 'downloaded'; readonly version: string | null }
  | { readonly type: 'cancelled' }
  | { readonly type: 'error'; readonly problem: UpdateProblem }
  | { readonly type: 'install-started' };

/** What the tray and footer are drawn from: the state and what "Restart to update" waits for. */
export interface UpdateView {
  readonly state: UpdateState;
  /** Changes not yet accepted by the service (the outbox, every profile). */
  readonly waitingChanges: number;
  /** The person chose "Restart to update" while changes were waiting. */
  readonly restartRequested: boolean;
}

/**
 * Progress moves in steps of this many percent: each step rebuilds the tray
 * menu, and on Linux a menu rebuilt while open closes under the pointer.
 */
export const PROGRESS_STEP = 10;

export function initialUpdateState(install: InstallKind): UpdateState {
  return install.how === 'none' ? { kind: 'off', reason: install.reason } : { kind: 'idle' };
}

function progressStep(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  const clamped = Math.min(100, Math.max(0, percent));
  return Math.floor(clamped / PROGRESS_STEP) * PROGRESS_STEP;
}

/** The version the state knows of, if any. */
export function knownVersion(state: UpdateState): string | null {
  return 'version' in state ? state.version : null;
}

/** States that carry news of a version: a failed or empty recheck must not hide it. */
const KNOWS_A_VERSION: ReadonlySet<UpdateState['kind']> = new Set([
  'downloading',
  'ready',
  'installing',
  'available-manual',
  'unsigned-mac',
]);

function available(install: InstallKind, version: string | null, state: UpdateState): UpdateState {
  if (install.how === 'manual') {
    const url = releasePageUrl(version);
    return install.reason === 'unsigned-mac'
      ? { kind: 'unsigned-mac', version, url }
      : { kind: 'available-manual', version, reason: install.reason, url };
  }
  // electron-updater is already fetching (or has) it: keep the progress or the finished download.
  if (state.kind === 'downloading' || state.kind === 'ready' || state.kind === 'installing') {
    return state;
  }
  return { kind: 'downloading', version, percent: 0 };
}

function failed(state: UpdateState, problem: UpdateProblem): UpdateState {
  if (problem === 'mac-unsigned') {
    const version = knownVersion(state);
    return { kind: 'unsigned-mac', version, url: releasePageUrl(version) };
  }
  switch (state.kind) {
    // No checks run once an update is ready (update-policy.ts), so an error now comes
    // from installing it (Squirrel.Mac works right after the download): ready is a lie.
    case 'ready':
    case 'installing':
      return { kind: 'error', problem, during: 'install' };
    case 'downloading':
      return { kind: 'error', problem, during: 'download' };
    case 'available-manual':
    case 'unsigned-mac':
      return state;
    default:
      return { kind: 'error', problem, during: 'check' };
  }
}

export function nextUpdateState(
  state: UpdateState,
  event: UpdaterEvent,
  install: InstallKind,
): UpdateState {
  if (state.kind === 'off') return state;
  switch (event.type) {
    case 'checking':
      return KNOWS_A_VERSION.has(state.kind) ? state : { kind: 'checking' };
    case 'not-available':
      return state.kind === 'downloading' || state.kind === 'ready' || state.kind === 'installing'
        ? state
        : { kind: 'up-to-date' };
    case 'available':
      return available(install, event.version, state);
    case 'progress':
      return state.kind === 'downloading'
        ? { ...state, percent: progressStep(event.percent) }
        : state;
    case 'downloaded':
      if (install.how !== 'self' || state.kind === 'installing') return state;
      return { kind: 'ready', version: event.version ?? knownVersion(state) };
    case 'cancelled':
      return state.kind === 'downloading' ? { kind: 'idle' } : state;
    case 'error':
      return failed(state, event.problem);
    case 'install-started':
      return state.kind === 'ready' ? { kind: 'installing', version: state.version } : state;
  }
}
