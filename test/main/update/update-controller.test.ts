import { describe, expect, it } from 'vitest';
import type { InstallKind } from '../../../main/update/install-kind';
import { createUpdateController } from '../../../main/update/update-controller';
import { ASKED_CHECK_GAP_MS, UPDATE_TIMING } from '../../../main/update/update-policy';
import type { UpdateView } from '../../../main/update/update-state';
import { updateMenuItems } from '../../../main/update/update-text';
import {
  failing,
  fakeUpdater,
  finds,
  manualScheduler,
  memoryLog,
  settle,
  upToDate,
} from './fake-updater';

const APPIMAGE: InstallKind = { how: 'self', via: 'appimage' };
const DEB: InstallKind = { how: 'manual', reason: 'deb' };
const { startDelayMs: START, intervalMs: INTERVAL, retryBaseMs: RETRY } = UPDATE_TIMING;

function setup(install: InstallKind, script = upToDate, waiting = 0) {
  const updater = fakeUpdater(script);
  const scheduler = manualScheduler();
  const opened: string[] = [];
  const log = memoryLog();
  const outbox = { waiting };
  const controller = createUpdateController({
    port: updater.port,
    install,
    scheduler,
    waitingChanges: () => outbox.waiting,
    openUrl: (url) => opened.push(url),
    log,
  });
  const views: UpdateView[] = [];
  controller.onChange((v) => views.push(v));
  /** Moves time on and lets the checks it started finish. */
  const advance = async (ms: number) => {
    scheduler.advance(ms);
    await settle();
  };
  return { updater, scheduler, controller, opened, log, outbox, views, advance };
}

/** An AppImage that found 1.2.0 and downloaded it. */
async function readyToInstall(waiting = 0) {
  const t = setup(APPIMAGE, finds('1.2.0'), waiting);
  await t.advance(START);
  t.updater.emit({ type: 'progress', percent: 55 });
  t.updater.emit({ type: 'downloaded', version: '1.2.0' });
  expect(t.controller.view().state).toEqual({ kind: 'ready', version: '1.2.0' });
  return t;
}

describe('the update schedule', () => {
  it('checks shortly after start, then every few hours', async () => {
    const t = setup(APPIMAGE);
    await t.advance(START - 1);
    expect(t.updater.checks).toBe(0);
    await t.advance(1);
    expect(t.updater.checks).toBe(1);
    expect(t.controller.view().state).toEqual({ kind: 'up-to-date' });
    await t.advance(INTERVAL - 1);
    expect(t.updater.checks).toBe(1);
    await t.advance(1);
    expect(t.updater.checks).toBe(2);
    for (let i = 0; i < 3; i++) await t.advance(INTERVAL);
    expect(t.updater.checks).toBe(5);
  });

  it('never starts a check while one is still running', async () => {
    let finish = () => {};
    const t = setup(APPIMAGE, (emit) => {
      emit({ type: 'checking' });
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await t.advance(START);
    expect(t.updater.checks).toBe(1);
    expect(t.controller.checkNow()).toBe(false);
    await t.advance(5 * INTERVAL);
    expect(t.updater.checks).toBe(1);
    finish();
    await settle();
    expect(t.controller.checkNow()).toBe(true);
    expect(t.updater.checks).toBe(2);
  });

  it('backs off after failures, then returns to the interval once a check goes well', async () => {
    const t = setup(APPIMAGE, failing);
    await t.advance(START);
    await t.advance(RETRY);
    expect(t.updater.checks).toBe(2);
    await t.advance(RETRY); // the second wait is twice as long
    expect(t.updater.checks).toBe(2);
    await t.advance(RETRY);
    expect(t.updater.checks).toBe(3);
    t.updater.script = upToDate;
    await t.advance(4 * RETRY);
    expect(t.updater.checks).toBe(4);
    expect(t.controller.view().state).toEqual({ kind: 'up-to-date' });
    await t.advance(INTERVAL - 1);
    expect(t.updater.checks).toBe(4);
    await t.advance(1);
    expect(t.updater.checks).toBe(5);
  });

  it('a check that rejects (a broken port) counts as a failure and is retried', async () => {
    const t = setup(APPIMAGE, () => Promise.reject(new Error('boom')));
    await t.advance(START);
    expect(t.controller.view().state).toEqual({ kind: 'error', problem: 'other', during: 'check' });
    await t.advance(RETRY);
    expect(t.updater.checks).toBe(2);
  });

  it('stops checking once an update is downloaded and waits for the restart', async () => {
    const t = await readyToInstall();
    await t.advance(10 * INTERVAL);
    expect(t.updater.checks).toBe(1);
    expect(t.controller.checkNow()).toBe(false);
  });

  it('retries a failed download later, with the backoff', async () => {
    const t = setup(APPIMAGE, finds('1.2.0'));
    await t.advance(START);
    t.updater.emit({ type: 'error', problem: 'damaged' });
    expect(t.controller.view().state).toEqual({
      kind: 'error',
      problem: 'damaged',
      during: 'download',
    });
    await t.advance(RETRY);
    expect(t.updater.checks).toBe(2);
  });

  it('checks when the computer wakes and the last check is older than the interval', async () => {
    const t = setup(APPIMAGE);
    t.controller.wake(); // before the first check: the start delay has it
    expect(t.updater.checks).toBe(0);
    await t.advance(START);
    t.controller.wake();
    expect(t.updater.checks).toBe(1);
    t.scheduler.advance(INTERVAL - 1000); // the timer may lag behind a sleep
    t.controller.wake();
    expect(t.updater.checks).toBe(1);
    await t.advance(1000);
    expect(t.updater.checks).toBe(2);
  });

  it('checks the person asks for (popup or tray) go out at most once a minute (issue 34)', async () => {
    const t = setup(APPIMAGE);
    await t.advance(START);
    expect(t.updater.checks).toBe(1);
    // A popup asking without end: answered from the check just made.
    for (let i = 0; i < 50; i++) t.controller.perform('check-for-updates');
    await settle();
    expect(t.updater.checks).toBe(1);
    await t.advance(ASKED_CHECK_GAP_MS);
    for (let i = 0; i < 50; i++) t.controller.perform('check-for-updates');
    await settle();
    expect(t.updater.checks).toBe(2);
    // The schedule itself is not held back.
    await t.advance(INTERVAL);
    expect(t.updater.checks).toBe(3);
  });

  it('never checks in a development run', async () => {
    const t = setup({ how: 'none', reason: 'unpackaged' });
    await t.advance(3 * INTERVAL);
    expect(t.updater.checks).toBe(0);
    expect(t.controller.checkNow()).toBe(false);
    expect(t.controller.view().state).toEqual({ kind: 'off', reason: 'unpackaged' });
    expect(t.scheduler.pending).toBe(0);
  });
});

describe('"Restart to update"', () => {
  it('restarts and installs at once when no change is waiting', async () => {
    const t = await readyToInstall();
    expect(t.controller.restartToUpdate()).toEqual({ kind: 'restart' });
    expect(t.updater.installs).toBe(1);
    expect(t.controller.view().state).toEqual({ kind: 'installing', version: '1.2.0' });
  });

  it('never restarts while changes wait; restarts once they are sent, because the person asked', async () => {
    const t = await readyToInstall(2);
    expect(t.controller.restartToUpdate()).toEqual({ kind: 'wait-for-changes', waiting: 2 });
    expect(t.updater.installs).toBe(0);
    expect(updateMenuItems(t.controller.view())[0]?.label).toBe(
      'Restarts to update when 2 changes are sent',
    );
    t.outbox.waiting = 1;
    t.controller.changesWaitingChanged();
    expect(t.updater.installs).toBe(0);
    expect(updateMenuItems(t.controller.view())[0]?.label).toBe(
      'Restarts to update when 1 change is sent',
    );
    t.outbox.waiting = 0;
    t.controller.changesWaitingChanged();
    expect(t.updater.installs).toBe(1);
  });

  it('does not restart on its own when nobody asked, even with the outbox empty', async () => {
    const t = await readyToInstall(1);
    t.outbox.waiting = 0;
    t.controller.changesWaitingChanged();
    await t.advance(10 * INTERVAL);
    expect(t.updater.installs).toBe(0);
  });

  it('"Don\'t restart" takes the request back', async () => {
    const t = await readyToInstall(2);
    t.controller.perform('restart-to-update');
    t.controller.perform('cancel-restart');
    t.outbox.waiting = 0;
    t.controller.changesWaitingChanged();
    expect(t.updater.installs).toBe(0);
    expect(t.controller.view().restartRequested).toBe(false);
  });

  it('does nothing before an update is ready', async () => {
    const t = setup(APPIMAGE);
    await t.advance(START);
    expect(t.controller.restartToUpdate()).toEqual({ kind: 'nothing-to-install' });
    expect(t.updater.installs).toBe(0);
  });

  it('a failed install says so and points to the release page', async () => {
    const t = await readyToInstall();
    t.controller.restartToUpdate();
    t.updater.emit({ type: 'error', problem: 'disk' });
    expect(t.controller.view().state).toEqual({
      kind: 'error',
      problem: 'disk',
      during: 'install',
    });
    t.controller.perform('open-download-page');
    expect(t.opened).toEqual(['https://github.com/tasktray/task-tray/releases/latest']);
  });

  it('after a failed install, checks again later (with the backoff) to fetch it afresh', async () => {
    const t = await readyToInstall();
    t.controller.restartToUpdate();
    t.updater.emit({ type: 'error', problem: 'other' });
    await t.advance(RETRY);
    expect(t.updater.checks).toBe(2);
    expect(t.controller.view().state).toMatchObject({ kind: 'downloading', version: '1.2.0' });
  });

  it('a quitAndInstall that throws is a failed install, not a crash', async () => {
    const t = await readyToInstall();
    t.updater.port.quitAndInstall = () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    };
    t.controller.restartToUpdate();
    expect(t.controller.view().state).toEqual({
      kind: 'error',
      problem: 'disk',
      during: 'install',
    });
  });
});

describe('updates by hand (.deb)', () => {
  it('announces the version and opens its release page; nothing downloads or installs', async () => {
    const t = setup(DEB, finds('1.2.0'));
    await t.advance(START);
    expect(t.controller.view().state).toMatchObject({ kind: 'available-manual', version: '1.2.0' });
    t.controller.perform('open-download-page');
    expect(t.opened).toEqual(['https://github.com/tasktray/task-tray/releases/tag/v1.2.0']);
    expect(t.controller.restartToUpdate()).toEqual({ kind: 'nothing-to-install' });
    expect(t.updater.installs).toBe(0);
    // …and keeps looking: a newer one may come.
    await t.advance(INTERVAL);
    expect(t.updater.checks).toBe(2);
  });
});

describe('change notifications', () => {
  it('tell listeners each new view once, and stop after dispose', async () => {
    const t = setup(APPIMAGE, finds('1.2.0'));
    await t.advance(START);
    t.updater.emit({ type: 'progress', percent: 3 }); // same step as 0%: no new view
    t.updater.emit({ type: 'progress', percent: 12 });
    t.updater.emit({ type: 'downloaded', version: '1.2.0' });
    expect(t.views.map((v) => v.state.kind)).toEqual([
      'checking',
      'downloading',
      'downloading',
      'ready',
    ]);
    t.controller.dispose();
    t.updater.emit({ type: 'error', problem: 'other' });
    await t.advance(10 * INTERVAL);
    expect(t.views).toHaveLength(4);
    expect(t.updater.listening).toBe(0);
    expect(t.scheduler.pending).toBe(0);
  });

  it('a throwing listener does not stop the others', async () => {
    const t = setup(APPIMAGE);
    t.controller.onChange(() => {
      throw new Error('listener broke');
    });
    await t.advance(START);
    expect(t.views.at(-1)?.state).toEqual({ kind: 'up-to-date' });
    expect(t.log.lines.some((l) => l.startsWith('error update: a listener failed'))).toBe(true);
  });
});
