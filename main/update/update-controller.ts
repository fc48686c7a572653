/**
 * Runs the updater: checks on a schedule, follows its events through the
 * state machine, and restarts to install only when the policy allows. Talks
 * to electron-updater through `UpdaterPort` (electron-update-adapter.ts
 * implements it), so everything here runs and is tested in plain Node.
 */
import type { Logger } from '../log/logger';
import type { Scheduler } from '../scheduler/scheduler';
import type { InstallKind } from './install-kind';
import { releasePageUrl } from './release-page';
import {
  askedCheckAllowed,
  checkDueAfterWake,
  decideRestart,
  mayCheck,
  nextCheckDelay,
  UPDATE_TIMING,
} from './update-policy';
import type { RestartDecision, UpdateTiming } from './update-policy';
import { classifyUpdateError } from './update-error';
import { initialUpdateState, knownVersion, nextUpdateState } from './update-state';
import type { UpdateState, UpdateView, UpdaterEvent } from './update-state';
import type { UpdateAction } from './update-text';

/** The updater as the controller sees it. */
export interface UpdaterPort {
  /**
   * Asks the release feed once; resolves when the check is over (a download it
   * starts goes on and reports through events). Failures arrive as an
   * `error` event, so this should not reject; if it does, that counts as one.
   */
  check(): Promise<void>;
  /** Quits the app, installs the downloaded update and starts the new version. */
  quitAndInstall(): void;
  /** Returns a function that stops the events. */
  subscribe(listener: (event: UpdaterEvent) => void): () => void;
}

export interface UpdateControllerDeps {
  readonly port: UpdaterPort;
  readonly install: InstallKind;
  readonly scheduler: Pick<Scheduler, 'after' | 'now'>;
  /** Changes waiting to reach the service, every profile's (they would wait through a restart). */
  readonly waitingChanges: () => number;
  /** Opens a release page in the browser (main's checked openExternal). */
  readonly openUrl: (url: string) => void;
  readonly log: Logger;
  readonly timing?: UpdateTiming;
}

export interface UpdateController {
  view(): UpdateView;
  /**
   * Calls `listener` on every change of the view (not with the current one: read
   * view() for that). Returns a function that stops the calls.
   */
  onChange(listener: (view: UpdateView) => void): () => void;
  /** A click on a tray item or a footer button (update-text.ts). */
  perform(action: UpdateAction): void;
  /** Restarts now, or, while changes wait, as soon as they are sent. */
  restartToUpdate(): RestartDecision;
  cancelRestart(): void;
  /** Checks now unless one runs or nothing is to be checked; false when it did not. */
  checkNow(): boolean;
  /** Resolves once no check runs (at once when none does): Settings' "Check now" waits for it. */
  whenChecked(): Promise<void>;
  /** The number of waiting changes may have moved: a requested restart may go now. */
  changesWaitingChanged(): void;
  /** The computer woke up: check if the last check is older than the interval. */
  wake(): void;
  dispose(): void;
}

const CHECK_LABEL = 'update check';

/** An update being fetched or installed: no checks meanwhile (update-policy.ts). */
const UNDER_WAY: ReadonlySet<UpdateState['kind']> = new Set(['downloading', 'ready', 'installing']);

export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const { port, install, scheduler, log } = deps;
  const timing = deps.timing ?? UPDATE_TIMING;
  const listeners = new Set<(view: UpdateView) => void>();
  let state: UpdateState = initialUpdateState(install);
  let restartRequested = false;
  let checkRunning = false;
  let checkOver: Promise<void> | null = null;
  let failures = 0;
  let lastCheckEndedAt: number | null = null;
  let lastCheckStartedAt: number | null = null;
  let cancelTimer: (() => void) | null = null;
  let disposed = false;
  let lastNotified = '';

  const waiting = (): number => {
    const n = deps.waitingChanges();
    return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
  };
  const view = (): UpdateView => ({ state, waitingChanges: waiting(), restartRequested });

  const notify = (): void => {
    const current = view();
    const key = JSON.stringify(current);
    if (key === lastNotified) return;
    lastNotified = key;
    for (const listener of [...listeners]) {
      try {
        listener(current);
      } catch (e) {
        log.error('update: a listener failed', e);
      }
    }
  };

  const schedule = (delay: number | null): void => {
    cancelTimer?.();
    cancelTimer = null;
    if (disposed || delay === null) return;
    cancelTimer = scheduler.after(delay, runCheck, CHECK_LABEL);
  };

  /** After a check or a download ended: count the failure or clear the count, plan the next. */
  const settle = (): void => {
    failures = state.kind === 'error' ? failures + 1 : 0;
    schedule(nextCheckDelay(state, failures, timing));
  };

  const apply = (event: UpdaterEvent): void => {
    if (disposed) return;
    const before = state;
    state = nextUpdateState(state, event, install);
    if (state !== before && state.kind !== before.kind) describe(state);
    // A download or an install ends outside any check: plan the next check from here.
    if (!checkRunning && UNDER_WAY.has(before.kind) && !UNDER_WAY.has(state.kind)) settle();
    if (state.kind !== 'ready') restartRequested = false;
    if (restartRequested) restartIfAllowed();
    notify();
  };

  const describe = (s: UpdateState): void => {
    if (s.kind === 'error') log.warn(`update: ${s.during} failed (${s.problem})`);
    else if (s.kind === 'available-manual' || s.kind === 'unsigned-mac') {
      log.info(`update: ${knownVersion(s) ?? 'a new version'} available, by hand (${s.kind})`);
    } else if (s.kind === 'ready') log.info(`update: ${s.version ?? 'a new version'} downloaded`);
  };

  function runCheck(): void {
    cancelTimer = null;
    if (disposed || !mayCheck(state, checkRunning)) return;
    checkRunning = true;
    lastCheckStartedAt = scheduler.now();
    checkOver = port
      .check()
      .catch((e: unknown) => apply({ type: 'error', problem: classifyUpdateError(e) }))
      .finally(() => {
        checkRunning = false;
        checkOver = null;
        lastCheckEndedAt = scheduler.now();
        if (disposed) return;
        settle();
        notify();
      });
  }

  const installNow = (): void => {
    restartRequested = false;
    apply({ type: 'install-started' });
    log.info('update: restarting to install');
    try {
      port.quitAndInstall();
    } catch (e) {
      apply({ type: 'error', problem: classifyUpdateError(e) });
    }
  };

  const restartIfAllowed = (): void => {
    if (decideRestart(state, waiting()).kind === 'restart') installNow();
  };

  const unsubscribe = port.subscribe(apply);
  if (install.how !== 'none') schedule(timing.startDelayMs);
  else log.info(`update: not checked here (${install.reason})`);

  const controller: UpdateController = {
    view,

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    perform(action) {
      switch (action) {
        case 'restart-to-update':
          controller.restartToUpdate();
          return;
        case 'cancel-restart':
          controller.cancelRestart();
          return;
        case 'check-for-updates':
          if (askedCheckAllowed(lastCheckStartedAt, scheduler.now())) controller.checkNow();
          return;
        case 'open-download-page':
          deps.openUrl(
            state.kind === 'available-manual' || state.kind === 'unsigned-mac'
              ? state.url
              : releasePageUrl(knownVersion(state)),
          );
          return;
      }
    },

    restartToUpdate() {
      const decision = decideRestart(state, waiting());
      if (disposed) return decision;
      if (decision.kind === 'restart') installNow();
      else if (decision.kind === 'wait-for-changes') {
        restartRequested = true;
        log.info(`update: restarting once ${decision.waiting} waiting change(s) are sent`);
        notify();
      }
      return decision;
    },

    cancelRestart() {
      if (!restartRequested) return;
      restartRequested = false;
      notify();
    },

    checkNow() {
      if (disposed || !mayCheck(state, checkRunning)) return false;
      schedule(null);
      runCheck();
      notify();
      return true;
    },

    whenChecked: () => checkOver ?? Promise.resolve(),

    changesWaitingChanged() {
      if (disposed) return;
      if (restartRequested) restartIfAllowed();
      notify();
    },

    wake() {
      if (checkDueAfterWake(lastCheckEndedAt, scheduler.now(), timing)) controller.checkNow();
    },

    dispose() {
      disposed = true;
      schedule(null);
      unsubscribe();
      listeners.clear();
    },
  };
  return controller;
}
