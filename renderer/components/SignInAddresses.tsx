import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { SettingsView } from '../../common/views';

/**
 * Where web sign-in goes and which service it then talks to. Collapsed: the
 * defaults fit almost everyone; a self-hosted install changes them here.
 */
export function SignInAddresses(props: {
  readonly settings: SettingsView;
  readonly save: (patch: SettingsPatchInput) => Promise<Result<SettingsView>>;
}) {
  const id = useId();
  const [signInUrl, setSignInUrl] = useState(props.settings.signInUrl);
  const [serviceUrl, setServiceUrl] = useState(props.settings.serviceUrl);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await props.save({ signInUrl: signInUrl.trim(), serviceUrl: serviceUrl.trim() });
    setBusy(false);
    setMessage(r.ok ? { text: 'Saved.', error: false } : { text: r.error.message, error: true });
  };

  return (
    <details className="more">
      <summary className="more__summary">Web sign-in addresses</summary>
      <form className="form form--compact" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-signin`}>
            Web app
          </label>
          <input
            id={`${id}-signin`}
            className="input"
            type="url"
            spellCheck={false}
            value={signInUrl}
            onChange={(e) => setSignInUrl(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-service`}>
            Service
          </label>
          <input
            id={`${id}-service`}
            className="input"
            type="url"
            spellCheck={false}
            value={serviceUrl}
            onChange={(e) => setServiceUrl(e.target.value)}
          />
        </div>
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={busy}>
            Save addresses
          </button>
          <span
            className={message?.error ? 'field__error' : 'muted'}
            role={message?.error ? 'alert' : 'status'}
          >
            {message?.text}
          </span>
        </div>
      </form>
    </details>
  );
}
