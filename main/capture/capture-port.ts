/**
 * What the capture needs of the OS, as small as it can be: Electron's
 * desktopCapturer, systemPreferences and nativeImage behind it in the app
 * (electron-capture-adapter.ts), a generated picture in the tests. No
 * decision lives behind this port: capture-decision.ts decides.
 */

export interface CaptureSize {
  readonly width: number;
  readonly height: number;
}

export interface CaptureRect extends CaptureSize {
  readonly x: number;
  readonly y: number;
}

/** A picture (Electron's NativeImage has these methods). */
export interface CaptureImage {
  isEmpty(): boolean;
  getSize(): CaptureSize;
  crop(rect: CaptureRect): CaptureImage;
  resize(size: CaptureSize): CaptureImage;
  toPNG(): Uint8Array;
  toDataURL(): string;
}

export interface PortSource {
  readonly id: string;
  readonly name: string;
  readonly thumbnail: CaptureImage;
}

/** What the OS says of the permission to record the screen; `granted` where none is asked (Windows, Linux). */
export type ScreenPermission = 'granted' | 'not-determined' | 'denied' | 'restricted' | 'unknown';

export interface CapturePort {
  readonly platform: NodeJS.Platform;
  permission(): ScreenPermission;
  /** Screens and windows (ids start with `screen:` and `window:`), pictures at most `thumbnail` big. */
  sources(thumbnail: CaptureSize): Promise<readonly PortSource[]>;
  /** One source at its full size, with the popup out of the way; null when it is gone. */
  grab(sourceId: string): Promise<CaptureImage | null>;
  /** Opens the OS's screen recording settings (macOS). */
  openSettings(): Promise<void>;
}
