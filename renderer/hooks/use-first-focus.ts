import { useEffect } from 'react';
import type { RefObject } from 'react';

const TABBABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]';

const nothingFocused = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * A screen opens with focus on its first useful control, so the keyboard
 * carries on where the person was: `prefer` (a selector) if it is there,
 * else the first control inside `within`. Run as the screen appears, and
 * again when `ready` changes (what it waited for arrived) but then only if
 * focus is on nothing: never taken from where the person put it.
 */
export function useFirstFocus(
  within: RefObject<HTMLElement | null>,
  prefer: string | null,
  ready: unknown = true,
): void {
  useEffect(() => {
    focusFirst(within.current, prefer);
    // Only as the screen appears; `ready` below takes the later chances.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (nothingFocused()) focusFirst(within.current, prefer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}

function focusFirst(root: HTMLElement | null, prefer: string | null): void {
  if (!root) return;
  const el =
    (prefer ? root.querySelector<HTMLElement>(prefer) : null) ??
    Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).find((e) => !e.closest('[hidden]'));
  el?.focus();
}
