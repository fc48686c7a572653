import { describe, expect, it } from 'vitest';
import { MAX_LABEL_LENGTH } from '../../../main/tray/menu-text';
import type { UpdateProblem } from '../../../main/update/update-error';
import type { UpdateState, UpdateView } from '../../../main/update/update-state';
import {
  updateFooterLine,
  updateMenuItems,
  updateTooltipLine,
} from '../../../main/update/update-text';
import { updateAbout } from '../../../main/update/update-about-text';

const page = 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0';
const view = (state: UpdateState, waitingChanges = 0, restartRequested = false): UpdateView => ({
  state,
  waitingChanges,
  restartRequested,
});
const ready = { kind: 'ready', version: '1.2.0' } as const;

describe('tray menu and footer: nothing to say', () => {
  it.each<UpdateState>([
    { kind: 'off', reason: 'unpackaged' },
    { kind: 'idle' },
    { kind: 'checking' },
    { kind: 'up-to-date' },
  ])('$kind: no menu item, no footer line', (state) => {
    expect(updateMenuItems(view(state))).toEqual([]);
    expect(updateFooterLine(view(state))).toBeNull();
  });
});

describe('tray menu and footer while downloading', () => {
  it('show the version and progress, with nothing to click', () => {
    const v = view({ kind: 'downloading', version: '1.2.0', percent: 40 });
    expect(updateMenuItems(v)).toEqual([
      { label: 'Downloading version 1.2.0… 40%', enabled: false, action: null },
    ]);
    expect(updateFooterLine(v)).toEqual({
      text: 'Downloading version 1.2.0… 40%',
      tone: 'progress',
      action: null,
    });
  });
});

describe('"Restart to update" in the tray menu and the footer', () => {
  it('offers to restart when no change is waiting', () => {
    expect(updateMenuItems(view(ready))).toEqual([
      { label: 'Restart to update to 1.2.0', enabled: true, action: 'restart-to-update' },
    ]);
    expect(updateFooterLine(view(ready))).toEqual({
      text: 'Version 1.2.0 is ready',
      tone: 'info',
      action: { id: 'restart-to-update', label: 'Restart to update' },
    });
  });

  it('says it will wait for the waiting changes before the person asks', () => {
    expect(updateMenuItems(view(ready, 2))).toEqual([
      {
        label: 'Restart to update when 2 changes are sent',
        enabled: true,
        action: 'restart-to-update',
      },
    ]);
    expect(updateMenuItems(view(ready, 1))[0]?.label).toBe(
      'Restart to update when 1 change is sent',
    );
    expect(updateFooterLine(view(ready, 2))).toEqual({
      text: 'Version 1.2.0 is ready · 2 changes to send first',
      tone: 'info',
      action: { id: 'restart-to-update', label: 'Restart when sent' },
    });
  });

  it('once asked, says when it will restart and lets the person take it back', () => {
    expect(updateMenuItems(view(ready, 2, true))).toEqual([
      { label: 'Restarts to update when 2 changes are sent', enabled: false, action: null },
      { label: "Don't restart", enabled: true, action: 'cancel-restart' },
    ]);
    expect(updateFooterLine(view(ready, 2, true))).toEqual({
      text: 'Restarts to update when 2 changes are sent',
      tone: 'info',
      action: { id: 'cancel-restart', label: "Don't restart" },
    });
  });

  it('says it is restarting once it goes', () => {
    for (const v of [view({ kind: 'installing', version: '1.2.0' }), view(ready, 0, true)]) {
      expect(updateMenuItems(v)).toEqual([
        { label: 'Restarting to update…', enabled: false, action: null },
      ]);
      expect(updateFooterLine(v)).toEqual({
        text: 'Restarting to update…',
        tone: 'progress',
        action: null,
      });
    }
  });

  it('names no version when the feed gave none it could show', () => {
    expect(updateMenuItems(view({ kind: 'ready', version: null }))[0]?.label).toBe(
      'Restart to update',
    );
    expect(updateFooterLine(view({ kind: 'ready', version: null }))?.text).toBe(
      'A new version is ready',
    );
  });
});

describe('tray menu and footer where the update is by hand', () => {
  it.each([
    ['deb', 'Get version 1.2.0 (.deb)…', 'Get the .deb'],
    ['rpm', 'Get version 1.2.0 (.rpm)…', 'Get the .rpm'],
    ['portable', 'Get version 1.2.0 (portable .exe)…', 'Get the portable .exe'],
  ] as const)('%s: a link to the release page', (reason, menuLabel, footerAction) => {
    const v = view({ kind: 'available-manual', version: '1.2.0', reason, url: page });
    expect(updateMenuItems(v)).toEqual([
      { label: menuLabel, enabled: true, action: 'open-download-page' },
    ]);
    expect(updateFooterLine(v)).toEqual({
      text: 'Version 1.2.0 is available',
      tone: 'info',
      action: { id: 'open-download-page', label: footerAction },
    });
  });

  it('unsigned macOS build: says why it cannot update itself, and where the new one is', () => {
    const v = view({ kind: 'unsigned-mac', version: '1.2.0', url: page });
    expect(updateMenuItems(v)).toEqual([
      { label: 'Download version 1.2.0…', enabled: true, action: 'open-download-page' },
      { label: 'This copy is unsigned and cannot update itself', enabled: false, action: null },
    ]);
    expect(updateFooterLine(v)).toEqual({
      text: 'Version 1.2.0 is available. This copy is unsigned, so it cannot update itself',
      tone: 'warning',
      action: { id: 'open-download-page', label: 'Download' },
    });
  });
});

describe('tray menu and footer after a failure', () => {
  const failed = (
    problem: Exclude<UpdateProblem, 'mac-unsigned'>,
    during: 'check' | 'download' | 'install',
  ) => view({ kind: 'error', problem, during });

  it('a check stays quiet about failures that pass on their own (offline, nothing published, rate limit)', () => {
    for (const problem of ['offline', 'unavailable', 'rate-limited'] as const) {
      expect(updateMenuItems(failed(problem, 'check'))).toEqual([]);
      expect(updateFooterLine(failed(problem, 'check'))).toBeNull();
    }
  });

  it('a download that failed is said in the tray and the footer, whatever the reason, with Try again', () => {
    expect(updateMenuItems(failed('offline', 'download'))).toEqual([
      { label: 'Could not download the update: no connection', enabled: false, action: null },
      { label: 'Try the update again', enabled: true, action: 'check-for-updates' },
    ]);
    expect(updateFooterLine(failed('offline', 'download'))).toEqual({
      text: 'Could not download the update: no connection',
      tone: 'warning',
      action: { id: 'check-for-updates', label: 'Try again' },
    });
    // And in the tray's tooltip; a check's failure is not.
    expect(updateTooltipLine(failed('offline', 'download'))).toBe(
      'Could not download the update: no connection',
    );
    expect(updateTooltipLine(failed('offline', 'check'))).toBeNull();
    expect(updateTooltipLine(view({ kind: 'up-to-date' }))).toBeNull();
    for (const problem of ['unavailable', 'rate-limited', 'damaged', 'disk', 'other'] as const)
      expect(updateMenuItems(failed(problem, 'download'))[0]?.label).toMatch(
        /^Could not download the update/,
      );
  });

  it.each([
    ['server', 'check', 'Could not check for updates: GitHub is not answering'],
    ['other', 'check', 'Could not check for updates'],
    ['damaged', 'download', 'Could not download the update: the download was damaged'],
    ['disk', 'download', 'Could not download the update: no space or no permission to save it'],
    [
      'not-ours',
      'download',
      'Could not download the update: it is not signed by the Task Tray team',
    ],
  ] as const)(
    '%s during %s: a short sentence in the footer, and Try again',
    (problem, during, text) => {
      expect(updateFooterLine(failed(problem, during))).toEqual({
        text,
        tone: 'warning',
        action: { id: 'check-for-updates', label: 'Try again' },
      });
      // A check's failure waits for the next check; a download's is said in the tray too.
      expect(updateMenuItems(failed(problem, during))).toHaveLength(during === 'check' ? 0 : 2);
    },
  );

  it('a failed install points to the release page, in the menu too (the person was waiting for it)', () => {
    for (const problem of ['offline', 'disk', 'other'] as const) {
      expect(updateFooterLine(failed(problem, 'install'))).toMatchObject({
        text: expect.stringMatching(/^Could not install the update/),
        tone: 'warning',
        action: { id: 'open-download-page', label: 'Download it' },
      });
      expect(updateMenuItems(failed(problem, 'install'))).toEqual([
        {
          label: 'Update not installed: download it…',
          enabled: true,
          action: 'open-download-page',
        },
      ]);
    }
  });
});

describe('menu labels', () => {
  it('fit the tray menu width for any state, with a version as long as ours get', () => {
    const version = '10.12.3-rc.11';
    const url = page;
    const states: UpdateState[] = [
      { kind: 'downloading', version, percent: 100 },
      { kind: 'ready', version },
      { kind: 'installing', version },
      { kind: 'available-manual', version, reason: 'portable', url },
      { kind: 'unsigned-mac', version, url },
      { kind: 'error', problem: 'other', during: 'install' },
    ];
    for (const state of states) {
      for (const v of [view(state, 0), view(state, 99), view(state, 99, true)]) {
        for (const { label } of updateMenuItems(v)) {
          expect({ label, fits: label.length <= MAX_LABEL_LENGTH }).toEqual({ label, fits: true });
        }
      }
    }
  });
});

describe("Settings' About: every state in words, and whether Check now can run", () => {
  it.each<[UpdateState, string, boolean]>([
    [{ kind: 'off', reason: 'unpackaged' }, 'This copy runs from its source folder', false],
    [{ kind: 'off', reason: 'snap' }, 'Snap Store', false],
    [{ kind: 'idle' }, 'Checked for updates every few hours.', true],
    [{ kind: 'checking' }, 'Checking for updates…', false],
    [{ kind: 'up-to-date' }, 'Task Tray is up to date.', true],
    [
      { kind: 'downloading', version: '1.2.0', percent: 40 },
      'Downloading version 1.2.0… 40%',
      false,
    ],
    [ready, 'Version 1.2.0 is ready', false],
    // Asked for, a quiet failure is said too.
    [
      { kind: 'error', problem: 'offline', during: 'check' },
      'Could not check for updates: no connection.',
      true,
    ],
  ])('%o', (state, text, canCheck) => {
    const about = updateAbout(view(state));
    expect(about.text).toContain(text);
    expect(about.canCheck).toBe(canCheck);
  });
});
