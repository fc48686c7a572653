import { THEMES } from '../../common/views';
import type { SettingsView, Theme } from '../../common/views';
import type { SettingsController } from '../hooks/use-settings';
import { ShortcutField } from './ShortcutField';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Settings' General section: launch at login, the global shortcut, the theme. */
export function GeneralSettings(props: {
  /** The section's heading id, and the theme radios' name. */
  readonly id: string;
  readonly value: SettingsView;
  readonly save: SettingsController['save'];
  /** A change whose refusal the screen shows. */
  readonly change: (patch: Parameters<SettingsController['save']>[0]) => Promise<void>;
}) {
  const { id, value, change } = props;
  return (
    <section className="settings__section" aria-labelledby={`${id}-general`}>
      <h2 id={`${id}-general`} className="settings__heading">
        General
      </h2>
      <label className="check">
        <input
          type="checkbox"
          checked={value.launchAtLogin}
          onChange={(e) => void change({ launchAtLogin: e.target.checked })}
        />
        <span>Open Task Tray when you log in</span>
      </label>
      <ShortcutField value={value.shortcut} notice={value.shortcutNotice} save={props.save} />
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
                onChange={() => void change({ theme: t })}
              />
              <span>{THEME_LABELS[t]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
