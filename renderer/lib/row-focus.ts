// Ids are tski_ + letters and digits (checked by main), safe inside a selector.
const rowOf = (taskId: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`li[data-task-id="${taskId}"]`);

/** Brings a row into view (not focus: the person may be typing in the pin field). */
export const revealRow = (taskId: string): void => {
  requestAnimationFrame(() => rowOf(taskId)?.scrollIntoView({ block: 'nearest' }));
};

export const focusRow = (taskId: string): void => {
  rowOf(taskId)?.focus();
};

/** Brings a row into view and focuses it. */
export const showAndFocusRow = (taskId: string): void => {
  const el = rowOf(taskId);
  el?.scrollIntoView({ block: 'nearest' });
  el?.focus();
};

/** The task row holding an element (the row itself, or a control inside it). */
export const rowContaining = (el: EventTarget | null): HTMLElement | null =>
  el instanceof Element ? el.closest<HTMLElement>('li[data-task-id]') : null;
