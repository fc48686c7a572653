import { useEffect } from 'react';
import { useApi } from './api-context';

/**
 * A task main asked to show that the list does not hold holds the first row's
 * focus back while its row is coming (an account switch sends the new list a
 * moment after), but not for good: main's list as it is now says whether it
 * is coming at all, asked again with each list that arrives without it. Once
 * main does not hold it either (unpinned since), `drop` lets the first row
 * take focus again, so the keys work on the next open.
 */
export function useUnlistedLink(
  taskId: string | null,
  listed: boolean,
  list: unknown,
  drop: (() => void) | undefined,
): void {
  const api = useApi();
  useEffect(() => {
    if (taskId === null || listed || list === null) return;
    let current = true;
    // A fresh answer: the store took the preload's early read of the list before any of this ran.
    // An answer that failed says nothing either way: the next list asks again.
    void api.listTasks().then((now) => {
      if (current && now.ok && !now.value.some((v) => v.id === taskId)) drop?.();
    });
    return () => {
      current = false;
    };
  }, [api, taskId, listed, list, drop]);
}
