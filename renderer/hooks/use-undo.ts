import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { isTextEntry } from '../lib/task-keys';
import { UNDO_MS, UNDONE_MS } from '../lib/undo';
import type { UndoOffer } from '../lib/undo';

/** Offers the last change for undo (replacing the one before); null takes the offer away. */
export const UndoContext = createContext<(offer: UndoOffer | null) => void>(() => undefined);

export const useOfferUndo = () => useContext(UndoContext);

/** What the toast shows: the change with its Undo, or, for a moment, that it was undone. */
export type UndoShown =
  | { readonly kind: 'offer'; readonly offer: UndoOffer }
  | { readonly kind: 'undone'; readonly text: string };

/**
 * The one undo of the popup, held by App: the last change offered, for
 * UNDO_MS; its Undo button and Ctrl+Z (⌘Z on a Mac) take it back. In a
 * text field Ctrl+Z is the field's own undo.
 */
export function useUndoHost() {
  const [shown, setShown] = useState<UndoShown | null>(null);
  // For the key and the button, which act on what is shown now.
  const current = useRef<UndoShown | null>(null);
  useEffect(() => {
    current.current = shown;
  }, [shown]);

  const offer = useCallback((next: UndoOffer | null) => {
    setShown(next && { kind: 'offer', offer: next });
  }, []);
  const dismiss = useCallback(() => setShown(null), []);
  const undo = useCallback(() => {
    const s = current.current;
    if (s?.kind !== 'offer') return false;
    setShown({ kind: 'undone', text: `Undone: ${lowerFirst(s.offer.text)}` });
    s.offer.undo();
    return true;
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(
      () => setShown((s) => (s === shown ? null : s)),
      shown.kind === 'offer' ? UNDO_MS : UNDONE_MS,
    );
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const z = e.key === 'z' || e.key === 'Z';
      if (!z || e.shiftKey || e.altKey || !(e.ctrlKey || e.metaKey)) return;
      if (e.defaultPrevented || isTextEntry(e.target)) return;
      if (undo()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  return { shown, offer, undo, dismiss };
}

const lowerFirst = (s: string): string =>
  /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
