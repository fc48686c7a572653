import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComplianceView } from '../../common/compliance-view';
import type { ComplianceStatus } from '../../common/compliance-values';
import type { ComplianceOverlay } from '../lib/compliance-rows';
import { overlaysAfter } from '../lib/compliance-rows';
import { useApi } from './api-context';

/** The words when the service refused without saying why (it always says, but a row needs some). */
const REFUSED = 'The service did not take the change.';

/**
 * The person's compliance tasks as main keeps them (getCompliance, then
 * compliance:changed), and their status changes: shown at once, sent
 * through updateComplianceTask, rolled back with the service's words on a
 * refusal. Each task's last change wins: an older answer is not shown over it.
 */
export function useMyCompliance() {
  const api = useApi();
  const [view, setView] = useState<ComplianceView | null>(null);
  const [failed, setFailed] = useState(false);
  const [overlays, setOverlays] = useState<ReadonlyMap<string, ComplianceOverlay>>(new Map());
  const tries = useRef(new Map<string, number>());
  // The view last shown, read when an answer lands (its event may have come first).
  const latest = useRef<ComplianceView | null>(null);
  // Refusals the person put away ("taskId\nwords"): main keeps saying them until the next change.
  const putAway = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    const shown = (v: ComplianceView) => {
      if (!live) return;
      latest.current = v;
      setView(v);
      setOverlays((o) =>
        overlaysAfter(o, [...v.tasks, ...v.pinned], v.changes, (id, words) =>
          putAway.current.has(`${id}\n${words}`),
        ),
      );
    };
    // An event that comes before the first answer is newer than it: the answer is then ignored.
    let told = false;
    const off = api.on('compliance:changed', (v) => {
      told = true;
      shown(v);
    });
    void api.getCompliance().then((r) => {
      if (told) return;
      if (r.ok) shown(r.value);
      else if (live) setFailed(true);
    });
    return () => {
      live = false;
      off();
    };
  }, [api]);

  const put = (taskId: string, o: ComplianceOverlay | null) =>
    setOverlays((before) => {
      const next = new Map(before);
      if (o) next.set(taskId, o);
      else next.delete(taskId);
      return next;
    });

  const setStatus = useCallback(
    /** Resolves true when the service refused it with a way on (review, approve) to offer. */
    async (taskId: string, status: ComplianceStatus): Promise<boolean> => {
      const n = (tries.current.get(taskId) ?? 0) + 1;
      tries.current.set(taskId, n);
      // A new change: the refusals put away before are over in main too.
      for (const k of putAway.current) if (k.startsWith(`${taskId}\n`)) putAway.current.delete(k);
      put(taskId, { kind: 'waiting', status, sync: 'pending' });
      const r = await api.updateComplianceTask({ taskId, patch: { status } });
      // A later change of the same task speaks for it now.
      if (tries.current.get(taskId) !== n) return false;
      if (!r.ok) {
        put(taskId, { kind: 'refused', message: r.error.message, offer: false });
        return false;
      }
      const { outcome, change, offer, task } = r.value;
      if (outcome === 'refused') {
        put(taskId, {
          kind: 'refused',
          message: change.error?.message ?? REFUSED,
          offer: offer.length > 0,
        });
        return offer.length > 0;
      }
      if (outcome === 'queued') put(taskId, { kind: 'waiting', status, sync: 'queued' });
      else {
        // Landed: shown as the service answered until the view holds it (its event may have come first).
        const answered = (task?.status ?? status) as ComplianceStatus;
        const v = latest.current;
        const held = [...(v?.tasks ?? []), ...(v?.pinned ?? [])].some(
          (t) => t.id === taskId && t.status === answered,
        );
        // Until the next view, which is newer than this answer whatever status it holds.
        put(
          taskId,
          held ? null : { kind: 'waiting', status: answered, sync: 'pending', landed: true },
        );
      }
      return false;
    },
    [api],
  );

  const dismiss = useCallback((taskId: string) => {
    setOverlays((before) => {
      const o = before.get(taskId);
      if (o?.kind === 'refused') putAway.current.add(`${taskId}\n${o.message}`);
      const next = new Map(before);
      next.delete(taskId);
      return next;
    });
  }, []);

  return { view, failed, overlays, setStatus, dismiss };
}
