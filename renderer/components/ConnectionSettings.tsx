import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { SettingsView } from '../../common/views';
import { useDraft } from '../hooks/use-draft';

/**
 * Where Task Tray signs in with the web app, the service address web sessions
 * use, and how fast it may call the service. Checked by main; a refusal
 * comes back through `save` and shows under the settings.
 */
export function ConnectionSettings(props: {
  readonly settings: SettingsView;
  readonly save: (patch: SettingsPatchInput) => Promise<void>;
}) {
  const id = useId();
  const { settings } = props;
  // Half-typed, they are kept when Esc (or ←) leaves Settings, until saved.
  const [signInUrl, setSignInUrl, forgetSignIn] = useDraft(
    'settings:signInUrl',
    settings.signInUrl,
  );
  const [serviceUrl, setServiceUrl, forgetService] = useDraft(
    'settings:serviceUrl',
    settings.serviceUrl,
  );
  const [rate, setRate, forgetRate] = useDraft('settings:rate', String(settings.requestsPerMinute));
  const [rateError, setRateError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed =
    signInUrl.trim() !== settings.signInUrl ||
    serviceUrl.trim() !== settings.serviceUrl ||
    rate.trim() !== String(settings.requestsPerMinute);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed) return;
    const n = Number(rate.trim());
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      setRateError('A whole number from 1 to 1000.');
      return;
    }
    setRateError(null);
    await props.save({
      signInUrl: signInUrl.trim(),
      serviceUrl: serviceUrl.trim(),
      requestsPerMinute: n,
    });
    forgetSignIn();
    forgetService();
    forgetRate();
    setSaved(true);
  };

  return (
    <section className="settings__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings__heading">
        Service
      </h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-signin`}>
            Web app sign-in address
          </label>
          <input
            id={`${id}-signin`}
            className="input"
            type="url"
            value={signInUrl}
            spellCheck={false}
            onChange={(e) => {
              setSignInUrl(e.target.value);
              setSaved(false);
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-service`}>
            Service address for web sessions
          </label>
          <input
            id={`${id}-service`}
            className="input"
            type="url"
            value={serviceUrl}
            spellCheck={false}
            aria-describedby={`${id}-service-hint`}
            onChange={(e) => {
              setServiceUrl(e.target.value);
              setSaved(false);
            }}
          />
          <p id={`${id}-service-hint`} className="field__hint">
            Used at the next web sign-in. An API key keeps the address it was connected with.
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-rate`}>
            Requests per minute
          </label>
          <input
            id={`${id}-rate`}
            className="input input--short"
            type="number"
            min={1}
            max={1000}
            value={rate}
            aria-invalid={rateError !== null}
            aria-describedby={`${id}-rate-hint`}
            onChange={(e) => {
              setRate(e.target.value);
              setSaved(false);
            }}
          />
          <p id={`${id}-rate-hint`} className={rateError ? 'field__error' : 'field__hint'}>
            {rateError ??
              'Task Tray paces its calls under this. The service allows 100 a minute per route.'}
          </p>
        </div>
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={!changed}>
            Save
          </button>
          <span className="muted" role="status">
            {saved && !changed ? 'Saved.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
