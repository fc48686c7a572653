import type { PinnedTaskView } from '../../common/views';

/** The list with this task's view in its place, or added at the end. */
export const upsert = (list: readonly PinnedTaskView[], view: PinnedTaskView): PinnedTaskView[] =>
  list.some((t) => t.id === view.id)
    ? list.map((t) => (t.id === view.id ? view : t))
    : [...list, view];

/** The map without this key; the same map where it has none (nothing redraws). */
export const without = <V>(m: ReadonlyMap<string, V>, k: string): ReadonlyMap<string, V> => {
  if (!m.has(k)) return m;
  const n = new Map(m);
  n.delete(k);
  return n;
};

/** The map without these keys; the same map where it has none of them. */
export const withoutAll = <V>(
  m: ReadonlyMap<string, V>,
  ks: readonly string[],
): ReadonlyMap<string, V> =>
  ks.some((k) => m.has(k)) ? new Map([...m].filter(([k]) => !ks.includes(k))) : m;
