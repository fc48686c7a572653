/**
 * What Settings' About says of updates: every state in words, the quiet
 * failures too (the person asked), and whether "Check now" can run.
 */
import type { UpdateAbout } from '../../common/update-line';
import { mayCheck } from './update-policy';
import type { UpdateView } from './update-state';
import { updateFooterLine, WHAT_FAILED, WHY } from './update-text';

const NOT_HERE: Readonly<Record<'unpackaged' | 'snap' | 'unmanaged', string>> = {
  unpackaged: 'This copy runs from its source folder: it does not update itself.',
  snap: 'Installed from the Snap Store, which keeps it up to date.',
  unmanaged: 'This copy was not installed by an installer: it does not update itself.',
};

/** When a check is not running, whether one may start (not while an update is on its way). */
const canCheck = (view: UpdateView): boolean => mayCheck(view.state, false);

export function updateAbout(view: UpdateView): UpdateAbout {
  const { state } = view;
  const about = (text: string, tone: UpdateAbout['tone'] = 'info'): UpdateAbout => ({
    text,
    tone,
    canCheck: canCheck(view),
  });
  switch (state.kind) {
    case 'off':
      return about(NOT_HERE[state.reason]);
    case 'idle':
      return about('Checked for updates every few hours.');
    case 'checking':
      return { text: 'Checking for updates…', tone: 'progress', canCheck: false };
    case 'up-to-date':
      return about('Task Tray is up to date.');
    case 'error':
      return about(`${WHAT_FAILED[state.during]}${WHY[state.problem]}.`, 'warning');
    default: {
      // On its way, ready or to get by hand: as the footer says it.
      const line = updateFooterLine(view);
      return about(line?.text ?? 'Checked for updates every few hours.', line?.tone ?? 'info');
    }
  }
}

/** Said where updates are not plugged in at all (tests, a core without Electron). */
export const NO_UPDATES: UpdateAbout = {
  text: 'Updates are not available here.',
  tone: 'info',
  canCheck: false,
};
