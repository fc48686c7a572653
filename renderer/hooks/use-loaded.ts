import { useCallback, useEffect, useState } from 'react';
import type { AppError, Result } from '../../common/result';

export type Loaded<T> =
  | { readonly phase: 'loading' }
  | { readonly phase: 'error'; readonly error: AppError }
  | { readonly phase: 'ready'; readonly value: T };

/**
 * What a screen asks main for as it opens (and again when `ask` changes):
 * loading, then main's answer or its refusal. An answer that comes after
 * the screen is gone, or after it asked again, is dropped.
 */
export function useLoaded<T>(ask: () => Promise<Result<T>>): {
  readonly state: Loaded<T>;
  /** Ask again, showing loading meanwhile. */
  readonly retry: () => void;
} {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void ask().then((r) => {
      if (live)
        setState(r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [ask, attempt]);
  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
