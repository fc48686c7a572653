/** What a part of My work has to show: still waiting for main, nothing, or rows. */
export type WorkShown = 'waiting' | 'empty' | 'some';

/** My work as a whole: rows if any part has some; empty only once every part said so. */
export function workShown(parts: readonly WorkShown[]): WorkShown {
  if (parts.includes('some')) return 'some';
  return parts.every((p) => p === 'empty') ? 'empty' : 'waiting';
}
