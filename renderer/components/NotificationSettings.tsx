import { useId } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_SETTING_TEXT } from '../../common/notification-kinds';
import type { NotificationSettings as Switches } from '../../common/notification-kinds';
import type { SettingsChanges } from '../hooks/use-settings-changes';

/**
 * Which native notifications Task Tray shows: one switch for all, then one
 * per kind (off with the first). Each says when it fires, in words, and
 * saves at once.
 */
export function NotificationSettings(props: {
  readonly value: Switches;
  readonly change: SettingsChanges['change'];
}) {
  const id = useId();
  const { value } = props;
  const all = NOTIFICATION_SETTING_TEXT.enabled;
  return (
    <section
      className="settings__section"
      aria-labelledby={`${id}-heading`}
      data-section="notifications"
    >
      <h2 id={`${id}-heading`} className="settings__heading" tabIndex={-1}>
        Notifications
      </h2>
      <label className="check check--described">
        <input
          type="checkbox"
          checked={value.enabled}
          aria-describedby={`${id}-enabled`}
          onChange={(e) =>
            void props.change(
              { notifications: { enabled: e.target.checked } },
              `${all.label}: ${e.target.checked ? 'on' : 'off'}`,
            )
          }
        />
        <span>{all.label}</span>
      </label>
      <p id={`${id}-enabled`} className="field__hint">
        {all.description}
      </p>
      <fieldset className="notification-kinds" disabled={!value.enabled}>
        <legend className="visually-hidden">Which notifications</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <div key={kind} className="notification-kind">
            <label className="check">
              <input
                type="checkbox"
                checked={value[kind]}
                aria-describedby={`${id}-${kind}`}
                onChange={(e) =>
                  void props.change(
                    { notifications: { [kind]: e.target.checked } },
                    `${NOTIFICATION_SETTING_TEXT[kind].label}: ${e.target.checked ? 'on' : 'off'}`,
                  )
                }
              />
              <span>{NOTIFICATION_SETTING_TEXT[kind].label}</span>
            </label>
            <p id={`${id}-${kind}`} className="field__hint">
              {NOTIFICATION_SETTING_TEXT[kind].description}
            </p>
          </div>
        ))}
      </fieldset>
    </section>
  );
}
