import type { CaptureBlock, CaptureRegion, CaptureTaskChoice } from '../../common/capture';
import { MAX_CAPTURE_TASKS } from '../../common/capture';
import type { CaptureRect, CaptureSize, ScreenPermission } from './capture-port';
import { RESTRICTED_BODY, blockWords } from './capture-words';

/**
 * The capture's decisions, with no Electron in them: what to do about the
 * screen recording permission and what to say, the file's name, which
 * tasks to offer and which first, and the pixels of a dragged region.
 */

const block = (kind: CaptureBlock['kind'], body?: string): CaptureBlock => ({
  kind,
  ...blockWords[kind],
  ...(body ? { body, action: null } : {}),
});

export type PermissionStep =
  { readonly go: true } | { readonly go: false; readonly block: CaptureBlock };

/**
 * Before the sources are listed. macOS asks the person itself the first time
 * the screen is read: our words come first (`asked` is the person's
 * Continue), so the OS's question is never a surprise. A refusal is
 * explained, with the way to undo it; a restriction by the administrator
 * cannot be undone by the person, so no button.
 */
export function permissionStep(permission: ScreenPermission, asked: boolean): PermissionStep {
  switch (permission) {
    case 'granted':
    case 'unknown':
      return { go: true };
    case 'not-determined':
      return asked ? { go: true } : { go: false, block: block('ask') };
    case 'denied':
      return { go: false, block: block('refused') };
    case 'restricted':
      return { go: false, block: block('refused', RESTRICTED_BODY) };
  }
}

/**
 * After listing: on macOS a no to the OS's question leaves the permission
 * denied and the sources without pictures, which would look like a broken
 * chooser; say why instead. No screen at all: nothing to capture here.
 */
export function afterListing(permission: ScreenPermission, screens: number): CaptureBlock | null {
  if (permission === 'denied') return block('refused');
  if (permission === 'restricted') return block('refused', RESTRICTED_BODY);
  return screens === 0 ? block('unavailable') : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "Screenshot 2026-11-29 at 14.05.12.png", in local time: dots, since ":" is not allowed in names on Windows and macOS's Finder. */
export function captureFileName(at: Date): string {
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}.${two(at.getMinutes())}.${two(at.getSeconds())}`;
  return `Screenshot ${day} at ${time}.png`;
}

export const CAPTURE_MIME = 'image/png';

interface TaskLike {
  readonly id: string;
  readonly title: string;
  readonly status: string;
}

/**
 * The tasks a capture may go to: the one used last (if it is still the
 * person's or pinned), then My work in its order, then the pinned ones not
 * already listed. The default is the first: last used, else My work's first.
 */
export function taskChoices(
  mine: readonly TaskLike[],
  pinned: readonly TaskLike[],
  lastUsed: string | null,
): { readonly tasks: CaptureTaskChoice[]; readonly defaultTaskId: string | null } {
  const seen = new Set<string>();
  const tasks: CaptureTaskChoice[] = [];
  const add = (t: TaskLike, from: CaptureTaskChoice['from']) => {
    if (seen.has(t.id) || tasks.length >= MAX_CAPTURE_TASKS) return;
    seen.add(t.id);
    tasks.push({ id: t.id, title: t.title, status: t.status, from });
  };
  const last = lastUsed ? [...mine, ...pinned].find((t) => t.id === lastUsed) : undefined;
  if (last) add(last, 'last');
  for (const t of mine) add(t, 'mine');
  for (const t of pinned) add(t, 'pinned');
  return { tasks, defaultTaskId: tasks[0]?.id ?? null };
}

/** A region narrower or lower than this many pixels is a slip of the mouse, not a choice. */
export const MIN_REGION_PIXELS = 8;

/** The pixels of a region given as fractions of the capture; null when too small to mean anything. */
export function regionPixels(region: CaptureRegion, size: CaptureSize): CaptureRect | null {
  const x = Math.min(size.width - 1, Math.max(0, Math.round(region.x * size.width)));
  const y = Math.min(size.height - 1, Math.max(0, Math.round(region.y * size.height)));
  const right = Math.min(size.width, Math.round((region.x + region.width) * size.width));
  const bottom = Math.min(size.height, Math.round((region.y + region.height) * size.height));
  const rect = { x, y, width: right - x, height: bottom - y };
  return rect.width < MIN_REGION_PIXELS || rect.height < MIN_REGION_PIXELS ? null : rect;
}

/** A size scaled down (never up) to fit `side` on its longest side, keeping its shape. */
export function fitWithin(size: CaptureSize, side: number): CaptureSize {
  const scale = Math.min(1, side / Math.max(size.width, size.height, 1));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** A source's kind from its id (desktopCapturer's ids begin `screen:` or `window:`). */
export const sourceKind = (id: string): 'screen' | 'window' =>
  id.startsWith('screen:') ? 'screen' : 'window';
