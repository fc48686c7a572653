/**
 * What the tray menu and the popup footer say about updates, for each state:
 * plain data (label, enabled, action id), turned into Electron menu items or
 * React by whoever draws them. The same words in both places.
 */
import type { ManualReason } from './install-kind';
import type { UpdateProblem } from './update-error';
import type { UpdateState, UpdateView } from './update-state';

import type { UpdateAction, UpdateFooterLine } from '../../common/update-line';

export { UPDATE_ACTIONS } from '../../common/update-line';
export type { UpdateAction, UpdateFooterLine } from '../../common/update-line';

export interface UpdateMenuItem {
  readonly label: string;
  readonly enabled: boolean;
  readonly action: UpdateAction | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const changes = (n: number) =>
  n === 1 ? '1 change is sent' : `${plural(n, 'change', 'changes')} are sent`;

const versionName = (version: string | null) => (version ? `version ${version}` : 'a new version');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const PACKAGES: Readonly<Record<Exclude<ManualReason, 'unsigned-mac'>, string>> = {
  deb: '.deb',
  rpm: '.rpm',
  pacman: 'package',
  portable: 'portable .exe',
};

export const WHAT_FAILED: Readonly<Record<'check' | 'download' | 'install', string>> = {
  check: 'Could not check for updates',
  download: 'Could not download the update',
  install: 'Could not install the update',
};

export const WHY: Readonly<Record<Exclude<UpdateProblem, 'mac-unsigned'>, string>> = {
  offline: ': no connection',
  unavailable: ': no update is published yet',
  'rate-limited': ': GitHub asked to wait',
  server: ': GitHub is not answering',
  damaged: ': the download was damaged',
  disk: ': no space or no permission to save it',
  'not-ours': ': it is not signed by the Task Tray team',
  other: '',
};

/**
 * Failures of a check that need no word: the connection line already says
 * "offline", and the rest pass with the next check on their own. A download
 * that failed is always said: an update was found and is not coming.
 */
const QUIET_PROBLEMS: ReadonlySet<UpdateProblem> = new Set([
  'offline',
  'unavailable',
  'rate-limited',
]);

function errorText(state: Extract<UpdateState, { kind: 'error' }>): string | null {
  if (state.during === 'check' && QUIET_PROBLEMS.has(state.problem)) return null;
  return `${WHAT_FAILED[state.during]}${WHY[state.problem]}`;
}

const RESTARTING = 'Restarting to update…';

export function updateMenuItems(view: UpdateView): UpdateMenuItem[] {
  const { state, waitingChanges: waiting, restartRequested } = view;
  switch (state.kind) {
    case 'off':
    case 'idle':
    case 'checking':
    case 'up-to-date':
      return [];
    case 'downloading':
      return [
        {
          label: `Downloading ${versionName(state.version)}… ${state.percent}%`,
          enabled: false,
          action: null,
        },
      ];
    case 'ready':
      if (waiting === 0) {
        return restartRequested
          ? [{ label: RESTARTING, enabled: false, action: null }]
          : [
              {
                label: state.version
                  ? `Restart to update to ${state.version}`
                  : 'Restart to update',
                enabled: true,
                action: 'restart-to-update',
              },
            ];
      }
      return restartRequested
        ? [
            { label: `Restarts to update when ${changes(waiting)}`, enabled: false, action: null },
            { label: "Don't restart", enabled: true, action: 'cancel-restart' },
          ]
        : [
            {
              label: `Restart to update when ${changes(waiting)}`,
              enabled: true,
              action: 'restart-to-update',
            },
          ];
    case 'installing':
      return [{ label: RESTARTING, enabled: false, action: null }];
    case 'available-manual':
      return [
        {
          label: `Get ${versionName(state.version)} (${PACKAGES[state.reason]})…`,
          enabled: true,
          action: 'open-download-page',
        },
      ];
    case 'unsigned-mac':
      return [
        {
          label: `Download ${versionName(state.version)}…`,
          enabled: true,
          action: 'open-download-page',
        },
        { label: 'This copy is unsigned and cannot update itself', enabled: false, action: null },
      ];
    case 'error':
      // A failed install: get the new version by hand. A failed download: said, and tried again.
      if (state.during === 'install')
        return [
          {
            label: 'Update not installed: download it…',
            enabled: true,
            action: 'open-download-page',
          },
        ];
      if (state.during === 'download')
        return [
          { label: `${WHAT_FAILED.download}${WHY[state.problem]}`, enabled: false, action: null },
          { label: 'Try the update again', enabled: true, action: 'check-for-updates' },
        ];
      return [];
  }
}

export function updateFooterLine(view: UpdateView): UpdateFooterLine | null {
  const { state, waitingChanges: waiting, restartRequested } = view;
  switch (state.kind) {
    case 'off':
    case 'idle':
    case 'checking':
    case 'up-to-date':
      return null;
    case 'downloading':
      return {
        text: `Downloading ${versionName(state.version)}… ${state.percent}%`,
        tone: 'progress',
        action: null,
      };
    case 'ready': {
      const ready = `${capitalized(versionName(state.version))} is ready`;
      if (waiting === 0) {
        return restartRequested
          ? { text: RESTARTING, tone: 'progress', action: null }
          : {
              text: ready,
              tone: 'info',
              action: { id: 'restart-to-update', label: 'Restart to update' },
            };
      }
      return restartRequested
        ? {
            text: `Restarts to update when ${changes(waiting)}`,
            tone: 'info',
            action: { id: 'cancel-restart', label: "Don't restart" },
          }
        : {
            text: `${ready} · ${plural(waiting, 'change', 'changes')} to send first`,
            tone: 'info',
            action: { id: 'restart-to-update', label: 'Restart when sent' },
          };
    }
    case 'installing':
      return { text: RESTARTING, tone: 'progress', action: null };
    case 'available-manual':
      return {
        text: `${capitalized(versionName(state.version))} is available`,
        tone: 'info',
        action: { id: 'open-download-page', label: `Get the ${PACKAGES[state.reason]}` },
      };
    case 'unsigned-mac':
      return {
        text: `${capitalized(versionName(state.version))} is available. This copy is unsigned, so it cannot update itself`,
        tone: 'warning',
        action: { id: 'open-download-page', label: 'Download' },
      };
    case 'error': {
      const text = errorText(state);
      if (text === null) return null;
      return {
        text,
        tone: 'warning',
        action:
          state.during === 'install'
            ? { id: 'open-download-page', label: 'Download it' }
            : { id: 'check-for-updates', label: 'Try again' },
      };
    }
  }
}

/** The tray tooltip's line about updates: only a download or install that failed. */
export function updateTooltipLine(view: UpdateView): string | null {
  const { state } = view;
  if (state.kind !== 'error' || state.during === 'check') return null;
  return `${WHAT_FAILED[state.during]}${WHY[state.problem]}`;
}
