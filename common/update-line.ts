/**
 * What the popup's footer may say about an update, and what its button asks
 * main to do: plain data from main/update/update-text.ts. The renderer names
 * an action, never a URL: main opens the one it holds.
 */
export const UPDATE_ACTIONS = [
  'restart-to-update',
  'cancel-restart',
  'open-download-page',
  'check-for-updates',
] as const;

/** What a click asks the update controller to do (UpdateController.perform). */
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

export interface UpdateFooterLine {
  readonly text: string;
  /** progress: under way, nothing to do; info: something to do when convenient; warning: it did not work. */
  readonly tone: 'progress' | 'info' | 'warning';
  readonly action: { readonly id: UpdateAction; readonly label: string } | null;
}

/** What Settings' About says of updates, and whether its "Check now" can run here. */
export interface UpdateAbout {
  readonly text: string;
  readonly tone: 'progress' | 'info' | 'warning';
  readonly canCheck: boolean;
}
