import { ok } from '../../common/result';
import type { Handlers } from '../ipc/handlers';
import type { Logger } from '../log/logger';
import type { AccountService } from '../accounts/account-service';
import { createCaptureSession } from '../capture/capture-session';
import { createLastTasks } from '../capture/last-task';
import type { AppCompliance } from './compliance-wiring';
import type { AppCoreOptions } from './core-options';
import type { createEvents } from './events';
import type { AppEvidence } from './evidence-wiring';

type AppEvents = ReturnType<typeof createEvents>;

export interface AppCaptureDeps {
  /** capture: the screen (absent: the chooser says there is none). */
  readonly opts: Pick<AppCoreOptions, 'userDataDir' | 'capture'>;
  readonly accounts: Pick<AccountService, 'active'>;
  readonly compliance: Pick<AppCompliance, 'view'>;
  readonly evidence: Pick<AppEvidence, 'queue'>;
  readonly events: Pick<AppEvents, 'emit' | 'on'>;
  readonly log: Logger;
}

export type CaptureHandlers = Pick<
  Handlers,
  'getCaptureChoices' | 'takeCapture' | 'attachCapture' | 'cancelCapture' | 'openCaptureSettings'
>;

/**
 * Capturing the screen as evidence (main/capture/) wired to the shown
 * account: its compliance tasks to choose from, the evidence queue the
 * capture goes into, and the popup asked to show the chooser.
 */
export function createAppCapture(deps: AppCaptureDeps) {
  const session = createCaptureSession({
    port: deps.opts.capture ?? null,
    shownProfile: () => deps.accounts.active()?.profile.id ?? null,
    tasks: () => {
      const view = deps.compliance.view();
      return { mine: view.tasks, pinned: view.pinned };
    },
    // Only that it failed, never what was captured: the file's name says when, nothing else is logged.
    lastTasks: createLastTasks(deps.opts.userDataDir, (m) => deps.log.warn(m)),
    attach: (profileId, taskId, file, description) =>
      deps.evidence.queue.attach(profileId, taskId, [], description, [file]),
  });
  // Another account shown: the capture meant for the one before is not sent with this one's.
  deps.events.on((event) => event === 'account:changed' && session.forget());

  const handlers: CaptureHandlers = {
    getCaptureChoices: (input) => session.choices(input?.ask === true),
    takeCapture: ({ sourceId }) => session.take(sourceId),
    attachCapture: (input) => session.send(input),
    cancelCapture: async ({ id }) => {
      session.cancel(id);
      return ok(null);
    },
    openCaptureSettings: () => session.openSettings(),
  };

  return {
    session,
    handlers,
    /** "Capture evidence…" (the tray, a shortcut): the popup shows the chooser. */
    start: (): void => deps.events.emit('view:open', { screen: 'capture' }),
  };
}
