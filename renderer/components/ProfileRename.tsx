import { useId, useState } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';

/** A profile's name, changed in place: Enter saves, Esc cancels; the service is not asked. */
export function ProfileRename(props: {
  readonly profile: ProfileView;
  readonly onDone: (status: AccountStatus | null) => void;
}) {
  const api = useApi();
  const id = useId();
  const [label, setLabel] = useState(props.profile.label);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (busy) return;
    if (label.trim() === props.profile.label) return props.onDone(null);
    setBusy(true);
    const r = await api.renameProfile({ profileId: props.profile.id, label });
    setBusy(false);
    if (r.ok) props.onDone(r.value);
    else setError(r.error.message);
  };

  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Name of {props.profile.label}
      </label>
      <input
        id={id}
        className="input"
        value={label}
        maxLength={80}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setLabel(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Cancels the rename only: the popup stays open.
            e.preventDefault();
            props.onDone(null);
          }
        }}
      />
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="button" onClick={() => props.onDone(null)}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error rename__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
