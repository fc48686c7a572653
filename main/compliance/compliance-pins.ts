import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { MAX_COMPLIANCE_PINS } from '../settings/schema';
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

  /** Writes one profile's pins, the others' left as they are. */
  const write = async (o: PinOwner, next: readonly Pin[]): Promise<Result<null>> => {
    if (!o.durable) {
      memory.set(o.scope ?? noScope, [...next]);
    } else {
      const saved = await deps.settings.update((s) => {
        const others = (s.compliancePins ?? []).filter((p) => p.profileId !== o.profileId);
        const pins = [...others, ...next];
        return { ...s, compliancePins: pins.length > 0 ? pins : undefined };
      });
      if (!saved.ok) return saved;
    }
    for (const l of listeners) l(o.profileId);
    return ok(null);
  };

  return {
    /** The profile's pinned compliance task ids, in pin order. */
    ids: (o: PinOwner): string[] => all(o).map((p) => p.taskId),

    /** Pins a task (at `at`, an unpin undone; else last); pinned already: where it is. */
    async pin(o: PinOwner, taskId: string, at?: number): Promise<Result<null>> {
      const pins = all(o);
      if (pins.some((p) => p.taskId === taskId)) return ok(null);
      const total = o.durable ? (deps.settings.get().compliancePins?.length ?? 0) : pins.length;
      if (total >= MAX_COMPLIANCE_PINS)
        return err(
          appError(
            'bad_input',
            `At most ${MAX_COMPLIANCE_PINS} compliance tasks can be pinned: unpin one first.`,
          ),
        );
      const pin = { profileId: o.profileId, taskId, pinnedAt: new Date(deps.now()).toISOString() };
      const i = at === undefined ? pins.length : Math.min(at, pins.length);
      return write(o, [...pins.slice(0, i), pin, ...pins.slice(i)]);
    },

    /** Unpins a task; not pinned: nothing to do. */
    async unpin(o: PinOwner, taskId: string): Promise<Result<null>> {
      const pins = all(o);
      if (!pins.some((p) => p.taskId === taskId)) return ok(null);
      return write(
        o,
        pins.filter((p) => p.taskId !== taskId),
      );
    },

    on(listener: (profileId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CompliancePins = ReturnType<typeof createCompliancePins>;
