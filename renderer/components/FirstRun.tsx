import { useState } from 'react';
import type { AppError, Result } from '../../common/result';
import type { AccountStatus } from '../../common/views';
import { useApi } from '../hooks/api-context';
import type { SettingsController } from '../hooks/use-settings';
import { websiteUrl } from '../lib/safe-url';
import { ApiKeyForm } from './ApiKeyForm';
import { ScreenHeader } from './primitives/ScreenHeader';
import { Notice } from './primitives/Notice';
import { SignInAddresses } from './SignInAddresses';
import { WayInFailure } from './WayInFailure';

type Busy = 'session' | 'demo' | null;

/**
 * Signed out: three ways in, each failure with what to do about it. The same
 * screen adds another account (`adding`): the one shown stays until the new
 * one is connected, and Cancel goes back to it.
 */
export function FirstRun(props: {
  readonly problem: AppError | null;
  readonly settings: SettingsController;
  readonly onConnected: (status: AccountStatus) => void;
  readonly adding?: boolean;
  readonly onCancel?: () => void;
}) {
  const api = useApi();
  const [mode, setMode] = useState<'choose' | 'api-key'>('choose');
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<{ way: string; error: AppError } | null>(null);

  const signInAt =
    props.settings.state.phase === 'ready'
      ? websiteUrl(props.settings.state.value.signInUrl)
      : null;

  const run = async (way: Exclude<Busy, null>, call: () => Promise<Result<AccountStatus>>) => {
    if (busy) return; // one attempt at a time
    setBusy(way);
    setFailure(null);
    const r = await call();
    setBusy(null);
    if (r.ok) props.onConnected(r.value);
    else setFailure({ way: way === 'session' ? 'Sign-in' : 'The demo', error: r.error });
  };

  return (
    <main className="app first-run">
      {props.adding ? (
        <ScreenHeader
          {...(props.onCancel
            ? { back: { label: 'Cancel: back to tasks', onClick: props.onCancel } }
            : {})}
        >
          Add an account
        </ScreenHeader>
      ) : (
        <div className="first-run__intro">
          <h1 className="first-run__title">Welcome to Task Tray</h1>
          <p className="muted">
            See your organization and change the status of your tasks right from the tray. Choose
            how to connect.
          </p>
        </div>
      )}
      {props.adding && (
        <p className="muted">
          Another organization, or the same one with another key or your web session. Each account
          keeps its own pins and waiting changes; switch from the header or the tray menu.
        </p>
      )}

      {props.problem && (
        <Notice tone="warning" role="alert" title="You are signed out">
          <p>{props.problem.message}</p>
        </Notice>
      )}

      {mode === 'api-key' ? (
        <ApiKeyForm
          defaultBaseUrl={
            props.settings.state.phase === 'ready' ? props.settings.state.value.serviceUrl : null
          }
          onBack={() => setMode('choose')}
          onConnected={props.onConnected}
        />
      ) : (
        <ul className="ways" aria-label="Ways to connect">
          <li>
            <button type="button" className="way" onClick={() => setMode('api-key')}>
              <span className="way__title">Connect with an API key</span>
              <span className="way__desc">Paste a key created in the web app’s settings.</span>
            </button>
          </li>
          <li>
            <button
              type="button"
              className="way"
              aria-disabled={busy !== null}
              onClick={() => void run('session', () => api.signInWithSession())}
            >
              <span className="way__title">
                {busy === 'session' ? 'Waiting for you to sign in…' : 'Sign in with the web app'}
              </span>
              <span className="way__desc">
                {signInAt ? `Opens ${signInAt.label} in a sign-in window.` : 'Use your account.'}{' '}
                {/* Google refuses embedded windows ("disallowed_useragent"); an email link opens in the browser. */}
                Google and email links cannot finish there: use GitHub or Microsoft where offered,
                or an API key.
              </span>
            </button>
          </li>
          <li>
            <button
              type="button"
              className="way"
              aria-disabled={busy !== null}
              onClick={() => void run('demo', () => api.startDemo())}
            >
              <span className="way__title">
                {busy === 'demo' ? 'Starting the demo…' : 'Try the demo'}
              </span>
              <span className="way__desc">
                A sample organization and tasks. Nothing leaves this computer.
              </span>
            </button>
          </li>
        </ul>
      )}

      {mode === 'choose' && props.settings.state.phase === 'ready' && (
        <SignInAddresses settings={props.settings.state.value} save={props.settings.save} />
      )}

      {failure && mode === 'choose' && (
        <WayInFailure
          way={failure.way}
          error={failure.error}
          onDismiss={() => setFailure(null)}
          onApiKey={() => {
            setFailure(null);
            setMode('api-key');
          }}
        />
      )}
    </main>
  );
}
