import { useEffect, useState } from 'react';
import type { UpdateAbout } from '../../common/update-line';
import { useApi } from '../hooks/api-context';

/** Settings' About: the version, updates (with Check now), the log file, Quit. */
export function AboutSettings(props: {
  readonly id: string;
  readonly version: string | null;
  readonly onError: (message: string) => void;
}) {
  const api = useApi();
  const [update, setUpdate] = useState<UpdateAbout | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    let live = true;
    void api.getUpdateAbout().then((r) => {
      if (live && r.ok) setUpdate(r.value);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const check = async () => {
    if (checking) return;
    setChecking(true);
    setUpdate((u) => u && { ...u, text: 'Checking for updates…', tone: 'progress' });
    const r = await api.checkForUpdates();
    setChecking(false);
    if (r.ok) setUpdate(r.value);
    else props.onError(r.error.message);
  };

  return (
    <section className="settings__section" aria-labelledby={props.id} data-section="about">
      <h2 id={props.id} className="settings__heading" tabIndex={-1}>
        About
      </h2>
      <p className="muted">
        Task Tray{props.version ? ` ${props.version}` : ''}: your compliance tasks from the menu bar
        or system tray.
      </p>
      {update && (
        <div className="settings__update">
          <p role="status" className={update.tone === 'warning' ? 'field__error' : 'field__hint'}>
            {update.text}
          </p>
          {(update.canCheck || checking) && (
            <button
              type="button"
              className="button"
              aria-disabled={checking}
              onClick={() => void check()}
            >
              {checking ? 'Checking…' : 'Check for updates'}
            </button>
          )}
        </div>
      )}
      <div className="form__actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void api.showLogFile().then((r) => {
              if (!r.ok) props.onError(r.error.message);
            })
          }
        >
          Show log file
        </button>
        <button type="button" className="button" onClick={() => void api.quitApp()}>
          Quit Task Tray
        </button>
      </div>
    </section>
  );
}
