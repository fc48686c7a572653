/**
 * Capturing the screen as evidence: what the popup is shown of the sources
 * to choose from, the capture before it is sent, and the tasks it may go to.
 * Zod-free (the schemas are in ipc.ts).
 */

/** The longest side of a source's thumbnail in the chooser, and of a capture's preview. */
export const CAPTURE_THUMBNAIL_SIDE = 320;
export const CAPTURE_PREVIEW_SIDE = 960;
/** Sources listed at most (a desktop with hundreds of windows lists the first of them). */
export const MAX_CAPTURE_SOURCES = 40;
/** Tasks the picker lists at most (My work is bounded at 500 too). */
export const MAX_CAPTURE_TASKS = 500;

/** A screen or a window to capture, with a small picture of it. */
export interface CaptureSource {
  readonly id: string;
  readonly kind: 'screen' | 'window';
  readonly name: string;
  /** A PNG data URL at most CAPTURE_THUMBNAIL_SIDE on its longest side; null when the OS gave none. */
  readonly thumbnail: string | null;
}

/**
 * Why nothing can be captured yet, and what the person can do: `ask` comes
 * before the OS's own question (macOS), `refused` after a no, `unavailable`
 * where there is no screen to capture. Words come from main.
 */
export interface CaptureBlock {
  readonly kind: 'ask' | 'refused' | 'unavailable' | 'signed-out';
  readonly heading: string;
  readonly body: string;
  /** The button that goes on: "Continue" (ask) or "Open System Settings" (refused); none otherwise. */
  readonly action: string | null;
}

export type CaptureChoices =
  | { readonly kind: 'blocked'; readonly block: CaptureBlock }
  | {
      readonly kind: 'sources';
      readonly screens: readonly CaptureSource[];
      readonly windows: readonly CaptureSource[];
    };

/** A compliance task the capture can go to. */
export interface CaptureTaskChoice {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  /** Why it is listed where it is: the task used last, the person's own, or pinned. */
  readonly from: 'last' | 'mine' | 'pinned';
}

/** A capture taken and kept in main's memory until it is attached or cancelled. */
export interface CaptureTaken {
  readonly id: string;
  /** The file name it will have: "Screenshot 2026-11-29 at 14.05.12.png". */
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Bytes of the PNG as captured (a region is smaller). */
  readonly size: number;
  /** What the person sees before sending: a PNG data URL, at most CAPTURE_PREVIEW_SIDE on its longest side. */
  readonly preview: string;
  /** Last used first, then My work in order, then pinned. */
  readonly tasks: readonly CaptureTaskChoice[];
  /** The task chosen unless the person picks another; null when there is none to offer. */
  readonly defaultTaskId: string | null;
}

/** A part of the capture, as fractions (0–1) of its width and height. */
export interface CaptureRegion {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
