import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { COMPLIANCE_VIEW_BOUNDS } from '../../common/compliance-view';
import { MAX_COMPLIANCE_PINS } from '../settings/schema';

/** The popup's view carries this many pinned tasks per profile: more would be pins never seen. */
const MAX_PINS_SHOWN = COMPLIANCE_VIEW_BOUNDS.tasks;
import type { SettingsStore } from '../settings/settings-store';

/** Whose pins, and where they live: settings for a real account, memory for the demo's. */
export interface PinOwner {
  readonly profileId: string;
  readonly durable: boolean;
  /**
   * The demo's: what its pins in memory belong to (its task items' pin
   * store), so a new demo starts with none, as its task items do.
   */
  readonly scope?: object;
}

interface Pin {
  readonly profileId: string;
  readonly taskId: string;
  readonly pinnedAt: string;
}

/**
 * Compliance tasks (`tsk_…`) pinned, per profile, in pin order. Only ids
 * are kept: the task itself is in the kept list (compliance.json), so a pin
 * is shown as fresh as the list, whoever's task it is. Kept apart from task
 * items' pins: those are read per vendor or risk, these never are.
 */
export function createCompliancePins(deps: {
  readonly settings: Pick<SettingsStore, 'get' | 'update'>;
  readonly now: () => number;
}) {
  const memory = new WeakMap<object, Pin[]>();
  const noScope = {};
  const listeners = new Set<(profileId: string) => void>();
  const all = (o: PinOwner): readonly Pin[] =>
    o.durable
      ? (deps.settings.get().compliancePins ?? []).filter((p) => p.profileId === o.profileId)
      : (memory.get(o.scope ?? noScope) ?? []);

  /**
   * Changes one profile's pins, the others' left as they are. `change` is
   * given the pins as they are when the write is made (settings' updates run
   * one after another), not as they were when the call started: two quick
   * pins both stay. It answers the new list, or why not (nothing written).
   */
  const write = async (
    o: PinOwner,
    change: (pins: readonly Pin[], total: number) => Result<readonly Pin[] | null>,
  ): Promise<Result<null>> => {
    let answer: Result<readonly Pin[] | null> = ok(null);
    if (!o.durable) {
      const key = o.scope ?? noScope;
      const pins = memory.get(key) ?? [];
      answer = change(pins, pins.length);
      if (answer.ok && answer.value) memory.set(key, [...answer.value]);
    } else {
      const saved = await deps.settings.update((s) => {
        const kept = s.compliancePins ?? [];
        const others = kept.filter((p) => p.profileId !== o.profileId);
        answer = change(
          kept.filter((p) => p.profileId === o.profileId),
          kept.length,
        );
        if (!answer.ok || !answer.value) return s;
        const pins = [...others, ...answer.value];
        return { ...s, compliancePins: pins.length > 0 ? pins : undefined };
      });
      if (!saved.ok) return saved;
    }
    if (!answer.ok) return answer;
    if (answer.value) for (const l of listeners) l(o.profileId);
    return ok(null);
  };

  return {
    /** The profile's pinned compliance task ids, in pin order. */
    ids: (o: PinOwner): string[] => all(o).map((p) => p.taskId),

    /** Pins a task (at `at`, an unpin undone; else last); pinned already: where it is. */
    pin(o: PinOwner, taskId: string, at?: number): Promise<Result<null>> {
      return write(o, (pins, total) => {
        if (pins.some((p) => p.taskId === taskId)) return ok(null);
        // Per profile, as many as the popup's view shows; in all, what settings may hold.
        if (pins.length >= MAX_PINS_SHOWN || total >= MAX_COMPLIANCE_PINS)
          return err(
            appError(
              'bad_input',
              `At most ${Math.min(MAX_PINS_SHOWN, MAX_COMPLIANCE_PINS)} compliance tasks can be pinned: unpin one first.`,
            ),
          );
        const pin = {
          profileId: o.profileId,
          taskId,
          pinnedAt: new Date(deps.now()).toISOString(),
        };
        const i = at === undefined ? pins.length : Math.min(at, pins.length);
        return ok([...pins.slice(0, i), pin, ...pins.slice(i)]);
      });
    },

    /** Unpins a task; not pinned: nothing to do. */
    unpin(o: PinOwner, taskId: string): Promise<Result<null>> {
      return write(o, (pins) =>
        pins.some((p) => p.taskId === taskId)
          ? ok(pins.filter((p) => p.taskId !== taskId))
          : ok(null),
      );
    },

    on(listener: (profileId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CompliancePins = ReturnType<typeof createCompliancePins>;
