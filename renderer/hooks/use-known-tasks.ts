import { useCallback, useEffect, useState } from 'react';
import type { KnownTasks } from '../../common/views';
import { useApi } from './api-context';

/**
 * The vendors' and risks' lists main has read this run (asked once, as
 * search is first used), and "Read the rest": main reads the next few
 * unread, and its answer is what is known from then on.
 */
export function useKnownTasks() {
  const api = useApi();
  const [known, setKnown] = useState<KnownTasks | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.getKnownTasks().then((r) => {
      if (live && r.ok) setKnown(r.value);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const readRest = useCallback(() => {
    setReading(true);
    setProblem(null);
    void api.readUnknownTasks().then((r) => {
      setReading(false);
      if (r.ok) setKnown(r.value);
      else setProblem(r.error.message);
    });
  }, [api]);

  return { known, readRest, reading, problem };
}
