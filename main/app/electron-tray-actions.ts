import type { Result } from '../../common/result';
import type { TrayMenuActions } from '../tray/menu';
import type { TrayShell } from '../tray/menubar-adapter';
import type { UpdateController } from '../update/update-controller';
import type { AppCore } from './core';

export interface TrayActionsDeps {
  readonly core: AppCore;
  readonly tray: TrayShell;
  readonly openView: (screen: 'settings' | 'assigned') => void;
  readonly updates: () => UpdateController | null;
  /** Redraws the tray; `true` sets the menu again even if its data did not change. */
  readonly redraw: (rebuild?: boolean) => void;
  /** Says something in a notification (a refusal the person should see). */
  readonly tell: (message: string) => void;
  readonly quit: () => void;
}

/** What each item of the tray menu does: the menu itself is tray/menu.ts's. */
export function electronTrayActions(d: TrayActionsDeps): TrayMenuActions {
  const { core, tray } = d;
  const show = () => void tray.show();
  const sayIfRefused = (done: Result<unknown>) => {
    if (!done.ok) d.tell(done.error.message);
  };
  return {
    setStatus: (taskId, status) => void core.setStatus(taskId, status),
    setPriority: (taskId, priority) => void core.setPriority(taskId, priority),
    open: show,
    openSettings: () => {
      show();
      d.openView('settings');
    },
    openAssigned: () => {
      show();
      d.openView('assigned');
    },
    captureEvidence: () => {
      show();
      core.startCapture();
    },
    newTask: () => {
      show();
      core.openNewTask();
    },
    setLaunchAtLogin: (on) =>
      void core.handlers.setSettings({ launchAtLogin: on }).then((done) => {
        // e.g. macOS waiting for approval in System Settings: say so, and show the real state
        // (the menu's checkbox ticked itself on the click: set the menu again to untick it).
        sayIfRefused(done);
        d.redraw(!done.ok);
      }),
    connect: show,
    quit: d.quit,
    performUpdate: (action) => d.updates()?.perform(action),
    switchProfile: (profileId) =>
      void core.handlers.switchProfile({ profileId }).then(sayIfRefused),
    setComplianceStatus: (taskId, status) =>
      void core.changeCompliance(taskId, { kind: 'status', status }).then(sayIfRefused),
    // Not relevant needs a reason, and the popup has no compliance task view yet: the web app asks.
    openComplianceTask: (taskId) => {
      const url = core.complianceWebUrl(taskId);
      if (url)
        void core.handlers.openExternal({ url }).then(sayIfRefused); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the openExternal handler: openExternalSafely, parsed, http(s) only
      else show();
    },
  };
}
