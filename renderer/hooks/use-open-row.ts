import { useEffect, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { rowContaining } from '../lib/row-focus';

/**
 * Which row of a task list is open: the one holding focus (or something
 * inside it); it alone draws its details and switch. And which row is the
 * list's one Tab stop: the last to hold focus (`lastId`), so Tab out and
 * back returns to it. Handlers for the list.
 */
export function useOpenRow(
  /** The row about to take focus as the list appears, drawn open from the first render. */
  initialOpenId: string | null | undefined,
) {
  const [openId, setOpenId] = useState<string | null>(initialOpenId ?? null);
  const [lastId, setLastId] = useState<string | null>(initialOpenId ?? null);

  // The row drawn open for the focus it was about to get: if something else took focus
  // first (a click or `/` between the draw and the focus), it closes, as it never had focus
  // to lose. Checked once the commit's effects, the focus among them, have all run.
  const drawnOpen = useRef(initialOpenId ?? null);
  useEffect(() => {
    const id = drawnOpen.current;
    if (id === null) return;
    queueMicrotask(() => {
      if (rowContaining(document.activeElement)?.dataset.taskId !== id)
        setOpenId((open) => (open === id ? null : open));
    });
  }, []);

  // A row a pointer presses opens once the press is over: opening it (and closing the one
  // above) moves the rows, and the release would land on another row than the press.
  const pressed = useRef(false);
  const openAfterPress = useRef<string | null>(null);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const id = rowContaining(e.target)?.dataset.taskId ?? null;
    if (id !== null && id !== lastId) setLastId(id);
    if (pressed.current) openAfterPress.current = id;
    else if (id !== openId) setOpenId(id);
  };
  const onPointerDown = () => {
    pressed.current = true;
    openAfterPress.current = null;
  };
  useEffect(() => {
    const release = (): void => {
      if (!pressed.current) return;
      pressed.current = false;
      const id = openAfterPress.current;
      openAfterPress.current = null;
      // After the click this press makes has been handled.
      if (id !== null) setTimeout(() => setOpenId(id), 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, []);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    // Focus gone elsewhere in the popup closes the row; the window losing focus does not.
    if (e.relatedTarget !== null && !rowContaining(e.relatedTarget)) setOpenId(null);
  };

  return { openId, lastId, handlers: { onFocus, onBlur, onPointerDown } };
}
