import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { UpdateFooterLine } from '../../common/update-line';
import type { UpdateController } from '../update/update-controller';
import { updateFooterLine } from '../update/update-text';
import { NO_UPDATES, updateAbout } from '../update/update-about-text';
import type { UpdateAbout } from '../../common/update-line';

/** What the core needs of the update controller: its view, its changes, and the footer's button. */
export type UpdatesPort = Pick<
  UpdateController,
  'view' | 'onChange' | 'perform' | 'changesWaitingChanged' | 'whenChecked'
>;

/**
 * The updater as the popup sees it. It is plugged in after the core starts
 * (it asks the core how many changes wait), so until then the footer has
 * no update line and the button says updates are not available here.
 */
export function createUpdatesLink(onLine: (line: UpdateFooterLine | null) => void) {
  let updates: UpdatesPort | null = null;
  let stop: (() => void) | null = null;
  return {
    footerLine: (): UpdateFooterLine | null => (updates ? updateFooterLine(updates.view()) : null),
    perform(action: Parameters<UpdatesPort['perform']>[0]): Result<null> {
      if (!updates) return err(appError('internal', 'Updates are not available here.'));
      updates.perform(action);
      return ok(null);
    },
    /** What Settings' About says of updates now. */
    about: (): UpdateAbout => (updates ? updateAbout(updates.view()) : NO_UPDATES),
    /** Settings' "Check now": a check (unless one ran a minute ago), answered once it is over. */
    async checkNow(): Promise<UpdateAbout> {
      if (!updates) return NO_UPDATES;
      updates.perform('check-for-updates');
      await updates.whenChecked();
      return updateAbout(updates.view());
    },
    /** A restart to update asked for while changes waited happens once the last is sent. */
    changesWaitingChanged(): void {
      updates?.changesWaitingChanged();
    },
    /** The footer hears the line again only when it reads differently (progress moves in steps). */
    attach(port: UpdatesPort): void {
      stop?.();
      updates = port;
      let shown = JSON.stringify(updateFooterLine(port.view()));
      onLine(updateFooterLine(port.view()));
      stop = port.onChange((view) => {
        const line = updateFooterLine(view);
        const text = JSON.stringify(line);
        if (text === shown) return;
        shown = text;
        onLine(line);
      });
    },
    dispose(): void {
      stop?.();
    },
  };
}
