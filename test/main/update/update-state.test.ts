import { describe, expect, it } from 'vitest';
import type { InstallKind } from '../../../main/update/install-kind';
import { initialUpdateState, nextUpdateState } from '../../../main/update/update-state';
import type { UpdateState, UpdaterEvent } from '../../../main/update/update-state';

const APPIMAGE: InstallKind = { how: 'self', via: 'appimage' };
const MAC: InstallKind = { how: 'self', via: 'mac' };
const DEB: InstallKind = { how: 'manual', reason: 'deb' };
const UNSIGNED_MAC: InstallKind = { how: 'manual', reason: 'unsigned-mac' };
const DEV: InstallKind = { how: 'none', reason: 'unpackaged' };

/** Every state the updater passes through, from the start, for a sequence of events. */
function run(install: InstallKind, events: UpdaterEvent[]): UpdateState[] {
  const states = [initialUpdateState(install)];
  for (const event of events) states.push(nextUpdateState(states.at(-1)!, event, install));
  return states;
}
const last = (install: InstallKind, events: UpdaterEvent[]) => run(install, events).at(-1);

describe('the updater state over its events', () => {
  it('AppImage: checks, downloads with progress, and waits ready to install', () => {
    expect(
      run(APPIMAGE, [
        { type: 'checking' },
        { type: 'available', version: '1.2.0' },
        { type: 'progress', percent: 4.2 },
        { type: 'progress', percent: 47.9 },
        { type: 'progress', percent: 100 },
        { type: 'downloaded', version: '1.2.0' },
        { type: 'install-started' },
      ]),
    ).toEqual([
      { kind: 'idle' },
      { kind: 'checking' },
      { kind: 'downloading', version: '1.2.0', percent: 0 },
      { kind: 'downloading', version: '1.2.0', percent: 0 },
      { kind: 'downloading', version: '1.2.0', percent: 40 },
      { kind: 'downloading', version: '1.2.0', percent: 100 },
      { kind: 'ready', version: '1.2.0' },
      { kind: 'installing', version: '1.2.0' },
    ]);
  });

  it('moves progress in steps, so the tray menu is not rebuilt for every packet', () => {
    const states = run(APPIMAGE, [
      { type: 'available', version: '1.2.0' },
      ...[1, 3, 7, 9.9, 10, 12, 19].map((percent) => ({ type: 'progress' as const, percent })),
    ]);
    expect(new Set(states.map((s) => (s.kind === 'downloading' ? s.percent : null)))).toEqual(
      new Set([null, 0, 10]),
    );
  });

  it('keeps a nonsense percent inside 0–100', () => {
    for (const percent of [-5, 250, Number.NaN]) {
      const s = last(APPIMAGE, [
        { type: 'available', version: '1.2.0' },
        { type: 'progress', percent },
      ]);
      expect(s).toMatchObject({ kind: 'downloading' });
      const shown = s?.kind === 'downloading' ? s.percent : -1;
      expect(shown).toBeGreaterThanOrEqual(0);
      expect(shown).toBeLessThanOrEqual(100);
    }
  });

  it('says up to date when there is nothing newer', () => {
    expect(last(APPIMAGE, [{ type: 'checking' }, { type: 'not-available' }])).toEqual({
      kind: 'up-to-date',
    });
  });

  it('.deb: announces the version with its release page, and never downloads', () => {
    expect(
      run(DEB, [
        { type: 'checking' },
        { type: 'available', version: '1.2.0' },
        { type: 'progress', percent: 50 },
      ]),
    ).toEqual([
      { kind: 'idle' },
      { kind: 'checking' },
      {
        kind: 'available-manual',
        version: '1.2.0',
        reason: 'deb',
        url: 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
      },
      {
        kind: 'available-manual',
        version: '1.2.0',
        reason: 'deb',
        url: 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
      },
    ]);
  });

  it('unsigned macOS build: says so with the page, instead of downloading something it cannot install', () => {
    expect(
      last(UNSIGNED_MAC, [{ type: 'checking' }, { type: 'available', version: '1.2.0' }]),
    ).toEqual({
      kind: 'unsigned-mac',
      version: '1.2.0',
      url: 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
    });
  });

  it('macOS whose signature Squirrel.Mac refuses after all: unsigned, not a silent failure', () => {
    expect(
      last(MAC, [
        { type: 'checking' },
        { type: 'available', version: '1.2.0' },
        { type: 'downloaded', version: '1.2.0' },
        { type: 'error', problem: 'mac-unsigned' },
      ]),
    ).toEqual({
      kind: 'unsigned-mac',
      version: '1.2.0',
      url: 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
    });
  });

  it('keeps news of a version through a later check that fails or finds it again', () => {
    const known = [{ type: 'checking' }, { type: 'available', version: '1.2.0' }] as const;
    const announced = last(DEB, [...known]);
    expect(last(DEB, [...known, { type: 'checking' }])).toEqual(announced);
    expect(
      last(DEB, [...known, { type: 'checking' }, { type: 'error', problem: 'offline' }]),
    ).toEqual(announced);
  });

  it('keeps a finished download ready when the same version is announced again', () => {
    expect(
      last(APPIMAGE, [
        { type: 'available', version: '1.2.0' },
        { type: 'downloaded', version: '1.2.0' },
        { type: 'checking' },
        { type: 'available', version: '1.2.0' },
        { type: 'not-available' },
      ]),
    ).toEqual({ kind: 'ready', version: '1.2.0' });
  });

  it('names the step that failed: check, download or install', () => {
    expect(last(APPIMAGE, [{ type: 'checking' }, { type: 'error', problem: 'server' }])).toEqual({
      kind: 'error',
      problem: 'server',
      during: 'check',
    });
    expect(
      last(APPIMAGE, [
        { type: 'available', version: '1.2.0' },
        { type: 'error', problem: 'damaged' },
      ]),
    ).toEqual({ kind: 'error', problem: 'damaged', during: 'download' });
    expect(
      last(APPIMAGE, [
        { type: 'available', version: '1.2.0' },
        { type: 'downloaded', version: '1.2.0' },
        { type: 'install-started' },
        { type: 'error', problem: 'disk' },
      ]),
    ).toEqual({ kind: 'error', problem: 'disk', during: 'install' });
  });

  it('a check after an error starts afresh', () => {
    expect(
      last(APPIMAGE, [
        { type: 'error', problem: 'offline' },
        { type: 'checking' },
        { type: 'not-available' },
      ]),
    ).toEqual({ kind: 'up-to-date' });
  });

  it('a cancelled download goes back to idle', () => {
    expect(
      last(APPIMAGE, [{ type: 'available', version: '1.2.0' }, { type: 'cancelled' }]),
    ).toEqual({ kind: 'idle' });
  });

  it('restarting needs a finished download', () => {
    expect(last(APPIMAGE, [{ type: 'install-started' }])).toEqual({ kind: 'idle' });
    expect(
      last(APPIMAGE, [{ type: 'available', version: '1.2.0' }, { type: 'install-started' }]),
    ).toMatchObject({ kind: 'downloading' });
  });

  it('a version the feed garbled is shown as "a new version", not dropped', () => {
    expect(last(APPIMAGE, [{ type: 'available', version: null }])).toEqual({
      kind: 'downloading',
      version: null,
      percent: 0,
    });
    expect(last(DEB, [{ type: 'available', version: null }])).toMatchObject({
      url: 'https://github.com/tasktray/task-tray/releases/latest',
    });
  });

  it('a development run stays off, whatever arrives', () => {
    expect(
      run(DEV, [
        { type: 'checking' },
        { type: 'available', version: '1.2.0' },
        { type: 'downloaded', version: '1.2.0' },
        { type: 'error', problem: 'other' },
      ]),
    ).toEqual(Array(5).fill({ kind: 'off', reason: 'unpackaged' }));
  });
});
