import { useCallback, useMemo, useState } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { SettingsView } from '../../common/views';
import type { Remote } from '../lib/main-store';
import { useApi } from './api-context';
import { useMain } from './use-main';

export interface SettingsController {
  /** Main's settings with the changes still on their way shown on top. */
  readonly state: Remote<SettingsView>;
  /** Shows the change at once; the old value comes back if main refuses it. */
  save(patch: SettingsPatchInput): Promise<Result<SettingsView>>;
}

const dropKeys = (draft: SettingsPatchInput, keys: readonly string[]): SettingsPatchInput =>
  Object.fromEntries(Object.entries(draft).filter(([k]) => !keys.includes(k)));

export function useSettings(): SettingsController {
  const api = useApi();
  const { state: confirmed, set } = useMain('settings');
  const [draft, setDraft] = useState<SettingsPatchInput>({});

  const save = useCallback(
    async (patch: SettingsPatchInput) => {
      setDraft((d) => ({ ...d, ...patch }));
      const r = await api.setSettings(patch);
      if (r.ok) set(r.value);
      setDraft((d) => dropKeys(d, Object.keys(patch)));
      return r;
    },
    [api, set],
  );

  const state = useMemo<Remote<SettingsView>>(
    () =>
      confirmed.phase === 'ready'
        ? {
            phase: 'ready',
            value: {
              ...confirmed.value,
              ...draft,
              // A switch being saved shows at once; the others keep what main said.
              notifications: { ...confirmed.value.notifications, ...draft.notifications },
            },
          }
        : confirmed,
    [confirmed, draft],
  );
  return { state, save };
}
