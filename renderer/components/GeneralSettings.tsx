import { THEMES } from '../../common/views';
import type { SettingsView, Theme } from '../../common/views';
import type { SettingsChanges } from '../hooks/use-settings-changes';
import { ShortcutField } from './ShortcutField';
import { SHORTCUT_SETTINGS } from '../../common/shortcut-problem';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Settings' General section: open at login, the global shortcut, the theme. Each saves at once. */
export function GeneralSettings(props: {
  /** The section's heading id, and the theme radios' name. */
  readonly id: string;
  readonly value: SettingsView;
  readonly change: SettingsChanges['change'];
}) {
  const { id, value, change } = props;
  return (
    <section className="settings__section" aria-labelledby={`${id}-general`} data-section="general">
      <h2 id={`${id}-general`} className="settings__heading" tabIndex={-1}>
        General
      </h2>
      <label className="check check--described">
        <input
          type="checkbox"
          checked={value.launchAtLogin}
          aria-describedby={`${id}-login`}
          onChange={(e) =>
            void change(
              { launchAtLogin: e.target.checked },
              `Open at login: ${e.target.checked ? 'on' : 'off'}`,
            )
          }
        />
        <span>Open at login</span>
      </label>
      <p id={`${id}-login`} className="field__hint">
        Task Tray starts in the tray when you log in to this computer.
      </p>
      {SHORTCUT_SETTINGS.map((setting) => (
        <ShortcutField
          key={setting}
          setting={setting}
          saved={value}
          value={value[setting]}
          notice={value[`${setting}Notice`]}
          change={change}
        />
      ))}
      <fieldset className="theme">
        <legend className="field__label">Appearance</legend>
        <div className="segmented">
          {THEMES.map((t) => (
            <label key={t} className="segmented__option">
              <input
                type="radio"
                name={`${id}-theme`}
                value={t}
                checked={value.theme === t}
                onChange={() => void change({ theme: t }, `Appearance: ${THEME_LABELS[t]}`)}
              />
              <span>{THEME_LABELS[t]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
