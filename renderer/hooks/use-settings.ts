import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { SettingsView } from '../../common/views';
import { useApi } from './api-context';
import type { Remote } from './use-remote';

export interface SettingsController {
  /** Main's settings with the changes still on their way shown on top. */
  readonly state: Remote<SettingsView>;
  /** Shows the change at once; the old value comes back if main refuses it. */
  save(patch: SettingsPatchInput): Promise<Result<SettingsView>>;
}

const dropKeys = (draft: SettingsPatchInput, keys: readonly string[]): SettingsPatchInput =>
  Object.fromEntries(Object.entries(draft).filter(([k]) => !keys.includes(k)));

/** Settings have no change event (only this window changes them): load once, then keep our copy. */
export function useSettings(): SettingsController {
  const api = useApi();
  const [confirmed, setConfirmed] = useState<Remote<SettingsView>>({ phase: 'loading' });
  const [draft, setDraft] = useState<SettingsPatchInput>({});

  useEffect(() => {
    let live = true;
    void api.getSettings().then((r) => {
      if (!live) return;
      setConfirmed(r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [api]);

  const save = useCallback(
    async (patch: SettingsPatchInput) => {
      setDraft((d) => ({ ...d, ...patch }));
      const r = await api.setSettings(patch);
      if (r.ok) setConfirmed({ phase: 'ready', value: r.value });
      setDraft((d) => dropKeys(d, Object.keys(patch)));
      return r;
    },
    [api],
  );

  const state = useMemo<Remote<SettingsView>>(
    () =>
      confirmed.phase === 'ready'
        ? { phase: 'ready', value: { ...confirmed.value, ...draft } }
        : confirmed,
    [confirmed, draft],
  );
  return { state, save };
}
