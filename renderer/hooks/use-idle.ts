import { useEffect, useState } from 'react';
import { hasBeenIdle, idleReached } from '../lib/idle-loads';

/** Whether the popup has been idle after its first paint: what waits for that is drawn then. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(hasBeenIdle);
  useEffect(() => {
    if (idle) return;
    let live = true;
    void idleReached.then(() => live && setIdle(true));
    return () => {
      live = false;
    };
  }, [idle]);
  return idle;
}
