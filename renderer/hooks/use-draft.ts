import { useCallback, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';

// Half-typed forms, by form, for as long as the popup's page lives (never written anywhere).
const drafts = new Map<string, unknown>();

/**
 * State that outlives its form: Esc (or ←) leaves a half-typed form, and
 * coming back finds what was typed. `forget` once the form has done its job.
 */
export function useDraft<T>(
  key: string,
  empty: T,
): readonly [T, Dispatch<SetStateAction<T>>, () => void] {
  const [value, setValue] = useState<T>(() => (drafts.has(key) ? (drafts.get(key) as T) : empty));
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setValue((v) => {
        const now = typeof next === 'function' ? (next as (v: T) => T)(v) : next;
        drafts.set(key, now);
        return now;
      }),
    [key],
  );
  const forget = useCallback(() => drafts.delete(key), [key]);
  return [value, set, forget] as const;
}
