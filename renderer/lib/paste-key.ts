/** Ctrl+V, or ⌘V: paste, whatever the layout calls the key. Apart from task-keys.ts: the first screen has no paste. */
export const isPasteKey = (
  e: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): boolean =>
  (e.ctrlKey || e.metaKey) &&
  !e.altKey &&
  !e.shiftKey &&
  (e.key.toLowerCase() === 'v' || e.code === 'KeyV');
