import { useCallback, useEffect, useState } from 'react';
import type { ClipboardTaskRef } from '../../common/task-ref';
import { useApi } from './api-context';

/**
 * A task id or link found on the clipboard when the popup opens (and each
 * time it is shown again), offered for pinning. Main reads the clipboard:
 * the page cannot, and should not need to.
 */
// The task last put away, kept beside the component: its watcher may be drawn again (the list
// reloaded), and "Not now" must still hold.
let putAway: string | null = null;

export function useClipboardRef(): { offer: ClipboardTaskRef | null; dismiss: () => void } {
  const api = useApi();
  const [offer, setOffer] = useState<ClipboardTaskRef | null>(null);
  const [dismissed, setDismissedNow] = useState<string | null>(putAway);
  const setDismissed = (id: string | null) => {
    putAway = id;
    setDismissedNow(id);
  };

  useEffect(() => {
    let live = true;
    const look = (): void => {
      void api.readClipboardTaskRef().then((r) => {
        if (live) setOffer(r.ok ? r.value : null);
      });
    };
    look();
    // The popup is hidden, not closed: look again whenever it comes back.
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') look();
    };
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api]);

  const dismiss = useCallback(() => setDismissed(offer?.ref.taskId ?? null), [offer]);
  return { offer: offer && offer.ref.taskId !== dismissed ? offer : null, dismiss };
}
