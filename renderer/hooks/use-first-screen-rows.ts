import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { afterNextPaint } from '../lib/after-paint';
import { FIRST_SCREEN_ROWS } from '../lib/first-screen';

/**
 * The rows the pinned list draws: the first screen of them in the first
 * frame with main's data, the rest right after it is painted.
 */
export function useFirstScreenRows<R>(ready: boolean, visible: readonly R[]) {
  const marked = useRef(false);
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);
  // A short list is the same array either way: nothing redraws when the rest is let in.
  const drawn = useMemo(
    () =>
      firstScreenOnly && visible.length > FIRST_SCREEN_ROWS
        ? visible.slice(0, FIRST_SCREEN_ROWS)
        : visible,
    [firstScreenOnly, visible],
  );

  // The benchmark waits for this: the first screen of the list has been drawn
  // with main's data. Set right after the frame that shows the rows is painted
  // (afterNextPaint), so the mark means "on screen", not merely "committed".
  // Asked for in a layout effect, which runs before that frame: passive effects
  // may run after its paint, and the mark would then wait a whole frame more.
  // The rows below the first screen follow it.
  useLayoutEffect(() => {
    if (!ready || marked.current) return;
    return afterNextPaint(() => {
      marked.current = true;
      performance.mark('tasks-painted');
      setFirstScreenOnly(false);
    });
  }, [ready]);

  return { drawn, firstScreenOnly };
}
