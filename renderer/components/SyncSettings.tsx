import { useId } from 'react';
import { SYNC_INTERVALS, SYNC_INTERVAL_LABELS } from '../../common/sync-interval';
import type { SyncInterval } from '../../common/sync-interval';
import type { SettingsChanges } from '../hooks/use-settings-changes';

/** Settings: how often Task Tray reads the service in the background (main/sync/). */
export function SyncSettings(props: {
  readonly value: SyncInterval;
  /** A change, said when saved and whose refusal the screen shows. */
  readonly change: SettingsChanges['change'];
}) {
  const id = useId();
  return (
    <section
      className="settings__section"
      aria-labelledby={`${id}-heading`}
      data-section="keeping-current"
    >
      <h2 id={`${id}-heading`} className="settings__heading" tabIndex={-1}>
        Keeping current
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-interval`}>
          Check the service for changes
        </label>
        <select
          id={`${id}-interval`}
          className="input"
          value={props.value}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const interval = e.target.value as SyncInterval;
            void props.change(
              { syncInterval: interval },
              `Check for changes: ${SYNC_INTERVAL_LABELS[interval].toLowerCase()}`,
            );
          }}
        >
          {SYNC_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {SYNC_INTERVAL_LABELS[interval]}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field__hint">
          Pinned tasks, the tray menu and your notifications follow changes made elsewhere, even
          with Task Tray closed. Nothing is checked while the computer sleeps or is locked.
        </p>
      </div>
    </section>
  );
}
