import type { CaptureBlock } from '../../common/capture';

/** The words of capturing the screen: why the OS is asked, a refusal explained, a capture that failed. */

const APP = 'Task Tray';

export const blockWords: Readonly<Record<CaptureBlock['kind'], Omit<CaptureBlock, 'kind'>>> = {
  ask: {
    heading: 'Allow screen recording',
    body: `To capture your screen as evidence, macOS asks whether ${APP} may record it. ${APP} only takes the picture you choose, shows it to you first, and sends it only to the task you pick. Nothing is recorded in the background.`,
    action: 'Continue',
  },
  refused: {
    heading: 'Screen recording is turned off',
    body: `macOS does not let ${APP} capture the screen. To allow it, open System Settings → Privacy & Security → Screen & System Audio Recording, turn on ${APP}, then quit and reopen ${APP}. You can still attach files from the task's view.`,
    action: 'Open System Settings',
  },
  unavailable: {
    heading: 'Nothing to capture',
    body: `${APP} could not see any screen to capture here (on Linux, a Wayland desktop may need its screen sharing portal). You can still attach files from the task's view.`,
    action: null,
  },
  'signed-out': {
    heading: 'Sign in first',
    body: 'Captures go to a compliance task: sign in to choose one.',
    action: null,
  },
};

/** A restriction set by the organization's device management: the person cannot lift it. */
export const RESTRICTED_BODY = `Screen recording is restricted on this Mac by its administrator, so ${APP} cannot capture the screen. You can still attach files from the task's view.`;

export const captureWords = {
  gone: 'That window or screen is no longer there: choose again.',
  empty:
    'The capture came back empty: choose again. On macOS, check that Task Tray may record the screen.',
  notKept: 'That capture is no longer kept (it was sent, cancelled or replaced): capture again.',
  regionTooSmall: 'The region is too small: drag a larger rectangle over the part to keep.',
  notAvailable: 'Capturing the screen is not available here.',
  notListed: (why: string) => `Your screens and windows could not be listed (${why}). Try again.`,
  failed: (why: string) => `The capture did not work (${why}). Try again, or choose another.`,
} as const;
