import type { CaptureRegion, CaptureTaskChoice } from '../../common/capture';

/** The capture's view logic, apart from React: the picker's search and a dragged region. */

export type CaptureMode = 'screen' | 'window' | 'region';

export const CAPTURE_MODES: readonly CaptureMode[] = ['screen', 'window', 'region'];
export const CAPTURE_MODE_LABELS: Readonly<Record<CaptureMode, string>> = {
  screen: 'Screen',
  window: 'Window',
  region: 'Region',
};

/** The tasks whose title has every word typed, in the order main gave (last used first). */
export function matchTasks(
  tasks: readonly CaptureTaskChoice[],
  query: string,
): readonly CaptureTaskChoice[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tasks;
  return tasks.filter((t) => {
    const title = t.title.toLocaleLowerCase();
    return words.every((w) => title.includes(w));
  });
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

const unit = (n: number) => Math.min(1, Math.max(0, n));

/**
 * The region between where a drag started and where it is now, each a
 * fraction (0–1) of the picture: whichever way the mouse went, kept on the picture.
 */
export function regionBetween(a: Point, b: Point): CaptureRegion {
  const [x1, x2] = [unit(Math.min(a.x, b.x)), unit(Math.max(a.x, b.x))];
  const [y1, y2] = [unit(Math.min(a.y, b.y)), unit(Math.max(a.y, b.y))];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** A point on an element, as fractions of its box. */
export function pointIn(box: DOMRect, clientX: number, clientY: number): Point {
  return {
    x: box.width > 0 ? (clientX - box.left) / box.width : 0,
    y: box.height > 0 ? (clientY - box.top) / box.height : 0,
  };
}

/** Whether a dragged region is big enough to send (main refuses below 8 pixels too). */
export const regionChosen = (r: CaptureRegion | null, size: { width: number; height: number }) =>
  r !== null && r.width * size.width >= 8 && r.height * size.height >= 8;

/** "1280 × 800, 240 KB". */
export function captureSizeWords(width: number, height: number, bytes: number): string {
  const size =
    bytes < 1_000_000
      ? `${Math.max(1, Math.round(bytes / 1000))} KB`
      : `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${width} × ${height}, ${size}`;
}
