import { DrawnImage } from '../helpers/drawn-image';
import { DISPLAY } from './os-parts';
import type { Recorder } from './recorder';
import type { DesktopCapturerSurface, SystemPreferencesSurface } from './surface';

/**
 * The screen, to capture as evidence: one display and one window, drawn in
 * memory (a real PNG), so the capture runs in the boot tests without a
 * screen. The permission is macOS's answer; elsewhere the app never asks.
 */
export function captureParts(
  rec: Recorder,
  permission: () => ReturnType<SystemPreferencesSurface['getMediaAccessStatus']>,
) {
  const screenPicture = DrawnImage.screen(DISPLAY.size);
  const windowPicture = DrawnImage.screen({ width: 800, height: 500 }, 0);
  const desktopCapturer: DesktopCapturerSurface = {
    getSources: async (options) => {
      rec.record('desktopCapturer', 'getSources', [options]);
      const box = options.thumbnailSize ?? { width: 150, height: 150 };
      const all = [
        {
          id: 'screen:1:0',
          name: 'Entire screen',
          display_id: String(DISPLAY.id),
          image: screenPicture,
        },
        { id: 'window:7:0', name: 'Access review', display_id: '', image: windowPicture },
      ];
      return all
        .filter((s) => options.types.includes(s.id.startsWith('screen:') ? 'screen' : 'window'))
        .map(({ image, ...s }) => ({
          ...s,
          // A drawn picture has the NativeImage methods the capture calls (capture-port.ts).
          thumbnail: image.fitIn(box) as unknown as Electron.NativeImage,
          appIcon: null as unknown as Electron.NativeImage,
        }));
    },
  };
  const systemPreferences: SystemPreferencesSurface = {
    getMediaAccessStatus: (mediaType) => {
      rec.record('systemPreferences', 'getMediaAccessStatus', [mediaType]);
      return permission();
    },
  };
  return { desktopCapturer, systemPreferences };
}
