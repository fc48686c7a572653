import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Esc, the same on every screen: it goes back one level (the innermost
 * screen, form or mode showing), and only at the root does it hide the
 * popup. Each level says what its Esc does with `useEscape`; one listener
 * asks the innermost level that is on. Fields and pickers that use Esc
 * themselves (clearing a filter, cancelling a capture) prevent the default
 * and are not overruled.
 */
interface Level {
  readonly depth: number;
  readonly run: () => void;
}

const levels = new Set<Level>();
// A component renders after the ones around it: the order of first renders is the nesting.
let rendered = 0;

const onKeyDown = (e: KeyboardEvent): void => {
  if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
  let inner: Level | null = null;
  for (const level of levels) if (!inner || level.depth > inner.depth) inner = level;
  if (!inner) return;
  e.preventDefault();
  inner.run();
};

function enter(level: Level): () => void {
  if (levels.size === 0) document.addEventListener('keydown', onKeyDown);
  levels.add(level);
  return () => {
    levels.delete(level);
    if (levels.size === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

/** The root's Esc (hiding the popup): below every level, whenever it first rendered. */
export function useRootEscape(onEscape: () => void): void {
  useLevel(onEscape, true, -1);
}

/**
 * Esc does `onEscape` (going back one level, leaving a mode) while `enabled`:
 * the innermost level on wins; at the root the popup hides.
 */
export function useEscape(onEscape: () => void, enabled = true): void {
  useLevel(onEscape, enabled, null);
}

function useLevel(onEscape: () => void, enabled: boolean, fixedDepth: number | null): void {
  const [depth] = useState(() => fixedDepth ?? ++rendered);
  const latest = useRef(onEscape);
  // Layout effects: a screen's level comes and goes with the commit that shows or removes it,
  // not after the paint, so an Esc right after going back never reaches the screen just left.
  useLayoutEffect(() => {
    latest.current = onEscape;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    return enter({ depth, run: () => latest.current() });
  }, [enabled, depth]);
}
