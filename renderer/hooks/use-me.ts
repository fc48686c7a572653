import { useEffect, useState } from 'react';
import type { PersonView } from '../../common/views';
import { useApi } from './api-context';

/** Who "me" is, as main kept it (null until known, or where no one is). */
export function useMe(): PersonView | null {
  const api = useApi();
  const [me, setMe] = useState<PersonView | null>(null);
  useEffect(() => {
    let alive = true;
    // As kept: asking for Assigned to me itself would start its gathering.
    void api.getMe().then((r) => {
      if (alive && r.ok) setMe(r.value);
    });
    return () => {
      alive = false;
    };
  }, [api]);
  return me;
}
