import { useCallback, useState } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { SettingsView } from '../../common/views';
import { patchBefore } from '../lib/settings-undo';
import type { SettingsController } from './use-settings';

/** The last change saved, said with its Undo; or the Undo done. */
export type LastChange =
  | { readonly kind: 'saved'; readonly what: string; readonly undo: SettingsPatchInput }
  | { readonly kind: 'undone'; readonly what: string };

/**
 * Settings' one save model: every change saves at once, is said ("Saved:
 * Appearance: Dark") and can be undone until the next one. A refusal is
 * said instead, and the old value stays.
 */
export function useSettingsChanges(settings: SettingsController) {
  const [last, setLast] = useState<LastChange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = settings.state.phase === 'ready' ? settings.state.value : null;

  const change = useCallback(
    async (
      patch: SettingsPatchInput,
      what: string,
      /** A field that says a refusal under itself: not said twice. */
      refusal: 'screen' | 'field' = 'screen',
    ): Promise<Result<SettingsView>> => {
      const undo = value ? patchBefore(value, patch) : null;
      setProblem(null);
      const r = await settings.save(patch);
      if (!r.ok && refusal === 'screen') setProblem(r.error.message);
      else setLast(undo ? { kind: 'saved', what, undo } : null);
      return r;
    },
    [settings, value],
  );

  const undo = useCallback(async () => {
    if (last?.kind !== 'saved') return;
    setProblem(null);
    const r = await settings.save(last.undo);
    if (r.ok) setLast({ kind: 'undone', what: last.what });
    else setProblem(r.error.message);
  }, [last, settings]);

  return { change, undo, last, problem, setProblem };
}
export type SettingsChanges = ReturnType<typeof useSettingsChanges>;
