import { useEffect, useState } from 'react';
import { loadWhenIdle } from '../lib/idle-loads';

/** My work's code: a file of its own, so its sections wait for no other later part. */
const loadMyWork = loadWhenIdle(() => import('../components/my-work/MyWork'));
type MyWorkModule = Awaited<ReturnType<typeof loadMyWork>>;

/**
 * My work's component once its file has loaded (asked for when `wanted`),
 * to be drawn at once rather than behind a Suspense fallback: React holds
 * back a boundary's content for up to 300 ms after its fallback showed, and
 * My work would wait that long after its code and data are there. Null
 * until then (or if the file cannot be loaded). The component is the
 * module's own, the same at every render.
 */
export function useMyWork(wanted: boolean): MyWorkModule['MyWork'] | null {
  const [part, setPart] = useState<{ readonly c: MyWorkModule['MyWork'] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadMyWork().then(
      (m) => live && setPart({ c: m.MyWork }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return part?.c ?? null;
}
