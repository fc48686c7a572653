import { BrowserWindow, desktopCapturer, screen, shell, systemPreferences } from 'electron';
import type { CaptureImage, CapturePort, CaptureSize, ScreenPermission } from './capture-port';

/** The popup's fade out (macOS animates it): the capture must not catch it half gone. */
const STEP_ASIDE_MS = 250;
const SCREEN_RECORDING_SETTINGS =
  'x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture';

export interface PopupAside {
  /** Hides the popup while the screen is read, and shows it again after. */
  hide(): void;
  show(): Promise<void>;
}

const NONE = { width: 0, height: 0 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A screen's size in its own pixels; without one, the largest screen's (a window fits in it). */
function fullSize(displayId: string | null): CaptureSize {
  const displays = screen.getAllDisplays();
  const pixels = (d: Electron.Display) => ({
    width: Math.round(d.size.width * d.scaleFactor),
    height: Math.round(d.size.height * d.scaleFactor),
  });
  const own = displayId ? displays.find((d) => String(d.id) === displayId) : undefined;
  if (own) return pixels(own);
  return displays
    .map(pixels)
    .reduce(
      (a, b) => (b.width * b.height > a.width * a.height ? b : a),
      pixels(screen.getPrimaryDisplay()),
    );
}

/**
 * The capture's Electron adapter, thin on purpose: desktopCapturer lists and
 * grabs (a NativeImage is a CaptureImage), systemPreferences says whether
 * macOS lets us record the screen, shell opens its settings. Decisions are
 * capture-decision.ts's, tested without Electron.
 */
export function electronCapturePort(popup: PopupAside): CapturePort {
  const platform = process.platform;
  /** Our own windows are not offered: a capture of the chooser is no evidence. */
  const ours = () => new Set(BrowserWindow.getAllWindows().map((w) => w.getMediaSourceId()));
  return {
    platform,
    permission: (): ScreenPermission =>
      platform === 'darwin' ? systemPreferences.getMediaAccessStatus('screen') : 'granted',
    async sources(thumbnail) {
      const found = await desktopCapturer.getSources({
        types: ['screen', 'window'],
        thumbnailSize: thumbnail,
      });
      const mine = ours();
      return found
        .filter((s) => !mine.has(s.id))
        .map((s) => ({ id: s.id, name: s.name, thumbnail: s.thumbnail as CaptureImage }));
    },
    async grab(sourceId) {
      const kind = sourceId.startsWith('screen:') ? 'screen' : 'window';
      popup.hide();
      try {
        await pause(STEP_ASIDE_MS);
        let displayId: string | null = null;
        if (kind === 'screen') {
          // Which screen it is, without pictures (fast): then it is read at its own size.
          const bare = await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: NONE });
          const found = bare.find((s) => s.id === sourceId);
          if (!found) return null;
          displayId = found.display_id || null;
        }
        const thumbnailSize = fullSize(displayId);
        const found = await desktopCapturer.getSources({ types: [kind], thumbnailSize });
        return (
          (found.find((s) => s.id === sourceId)?.thumbnail as CaptureImage | undefined) ?? null
        );
      } finally {
        await popup.show();
      }
    },
    async openSettings() {
      if (platform === 'darwin') await shell.openExternal(SCREEN_RECORDING_SETTINGS); // eng-disable OPEN_EXTERNAL_JS_CHECK -- a constant: macOS's own Screen Recording settings pane, nothing from outside
    },
  };
}
