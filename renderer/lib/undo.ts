/** A change just made, and how to take it back (through the same calls a change makes). */
export interface UndoOffer {
  /** What was done, as the toast says it. */
  readonly text: string;
  readonly undo: () => unknown;
}

/** How long a change can be undone: time to notice a slip of the finger and reach for it. */
export const UNDO_MS = 8_000;
/** How long "Undone" stays once it is done. */
export const UNDONE_MS = 3_000;

/** Quoted, short enough that the toast keeps to two lines. */
export const quoted = (title: string): string =>
  `“${title.length > 40 ? `${title.slice(0, 39)}…` : title}”`;
