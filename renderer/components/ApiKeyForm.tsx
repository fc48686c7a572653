import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { AppError } from '../../common/result';
import type { AccountStatus } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { validateConnectForm } from '../lib/connect-form';
import type { ConnectFormErrors, ConnectFormValues } from '../lib/connect-form';
import { connectGuidance } from '../lib/connect-guidance';
import type { ConnectField } from '../lib/connect-guidance';
import { BackButton } from './primitives/ScreenHeader';
import { Notice } from './primitives/Notice';

const FIELDS: readonly ConnectField[] = ['baseUrl', 'apiKey', 'organizationId'];

/**
 * Base URL, key, optional organization id. Main checks the key against the
 * service before it keeps it; whatever goes wrong, what was typed stays.
 */
export function ApiKeyForm(props: {
  /** The service address from settings, offered until the person types their own. */
  readonly defaultBaseUrl: string | null;
  readonly defaultOrganizationId?: string | null;
  readonly onBack: () => void;
  readonly onConnected: (status: AccountStatus) => void;
}) {
  const api = useApi();
  const id = useId();
  const [typed, setTyped] = useState<Partial<ConnectFormValues>>({});
  const values: ConnectFormValues = {
    baseUrl: typed.baseUrl ?? props.defaultBaseUrl ?? '',
    apiKey: typed.apiKey ?? '',
    organizationId: typed.organizationId ?? props.defaultOrganizationId ?? '',
  };
  const [fieldErrors, setFieldErrors] = useState<ConnectFormErrors>({});
  const [failure, setFailure] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const focusField = (f: ConnectField) => document.getElementById(`${id}-${f}`)?.focus();

  const change = (field: ConnectField) => (e: { target: { value: string } }) => {
    setTyped((v) => ({ ...v, [field]: e.target.value }));
    setFieldErrors((f) => ({ ...f, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return; // no second check while the first is out
    const errors = validateConnectForm(values);
    const first = FIELDS.find((f) => errors[f]);
    setFieldErrors(errors);
    setFailure(null);
    if (first) {
      focusField(first);
      return;
    }
    setBusy(true);
    const org = values.organizationId.trim();
    const r = await api.connectApiKey({
      baseUrl: values.baseUrl.trim(),
      apiKey: values.apiKey.trim(),
      ...(org ? { organizationId: org } : {}),
    });
    setBusy(false);
    if (r.ok) {
      props.onConnected(r.value);
      return;
    }
    setFailure(r.error);
    const field = connectGuidance(r.error).field;
    if (field) focusField(field);
  };

  const guidance = failure ? connectGuidance(failure) : null;
  const invalid = (f: ConnectField) => Boolean(fieldErrors[f]) || guidance?.field === f;
  const describedBy = (f: ConnectField, hint?: string) =>
    [fieldErrors[f] ? `${id}-${f}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;

  const field = (f: ConnectField, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${f}`} className="field__label">
        {label}
      </label>
      {input}
      {hint && (
        <p id={`${id}-${f}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {fieldErrors[f] && (
        <p id={`${id}-${f}-error`} className="field__error">
          {fieldErrors[f]}
        </p>
      )}
    </div>
  );

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <div className="form__header">
        <BackButton label="Back" onClick={props.onBack} />
        <h2 className="form__title">Connect with an API key</h2>
      </div>

      {field(
        'baseUrl',
        'Service address',
        <input
          id={`${id}-baseUrl`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://api.example.com"
          autoComplete="url"
          spellCheck={false}
          value={values.baseUrl}
          onChange={change('baseUrl')}
          readOnly={busy}
          aria-invalid={invalid('baseUrl')}
          aria-describedby={describedBy('baseUrl')}
        />,
      )}
      {field(
        'apiKey',
        'API key',
        <input
          id={`${id}-apiKey`}
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={values.apiKey}
          onChange={change('apiKey')}
          readOnly={busy}
          aria-invalid={invalid('apiKey')}
          aria-describedby={describedBy('apiKey', `${id}-apiKey-hint`)}
        />,
        'Kept in the system keychain, never in a file.',
      )}
      {field(
        'organizationId',
        'Organization id (optional)',
        <input
          id={`${id}-organizationId`}
          className="input"
          type="text"
          placeholder="org_…"
          autoComplete="off"
          spellCheck={false}
          value={values.organizationId}
          onChange={change('organizationId')}
          readOnly={busy}
          aria-invalid={invalid('organizationId')}
          aria-describedby={describedBy('organizationId')}
        />,
      )}

      {failure && guidance && (
        <Notice tone="error" role="alert" title={guidance.title}>
          <p>{guidance.message}</p>
          <p className="muted">{guidance.hint}</p>
        </Notice>
      )}

      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? 'Checking the key…' : 'Connect'}
        </button>
      </div>
    </form>
  );
}
