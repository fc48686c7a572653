import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Result } from '../../common/result';
import type { SettingsView, ShortcutNotice } from '../../common/views';
import { acceleratorFromKey, formatAccelerator } from '../lib/accelerator';

const isMac = (): boolean => /Mac/i.test(navigator.platform || navigator.userAgent);

/**
 * Set the global shortcut by pressing it. The field shows the combination
 * as the OS writes it (⌥⇧⌘T, Ctrl+Alt+Shift+T); main checks it and registers it, and says so if
 * another app already holds it. `notice` is main's word on the saved one
 * (not bound at start, or the Wayland caveat), shown until a save answers.
 */
export function ShortcutField(props: {
  readonly value: string;
  readonly notice: ShortcutNotice | null;
  readonly save: (patch: SettingsPatchInput) => Promise<Result<SettingsView>>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab') return; // leave Tab to move on
    if (e.key === 'Escape') {
      if (draft !== null) {
        e.preventDefault(); // cancel the capture rather than hide the window
        setDraft(null);
        setMessage(null);
      }
      return;
    }
    if (e.key === 'Enter' && draft !== null) {
      e.preventDefault();
      void save();
      return;
    }
    e.preventDefault();
    const accel = acceleratorFromKey(e, isMac());
    if (accel) {
      setDraft(accel);
      setMessage(null);
    } else if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
      setMessage({
        text: 'Hold a modifier (Ctrl, Alt, Shift…) with a letter, digit or F-key.',
        error: true,
      });
    }
  };

  const save = async () => {
    if (busy || draft === null) return;
    setBusy(true);
    const r = await props.save({ shortcut: draft });
    setBusy(false);
    if (r.ok) {
      setDraft(null);
      setMessage({ text: 'Shortcut saved.', error: false });
    } else setMessage({ text: r.error.message, error: true });
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-shortcut`}>
        Shortcut to open Task Tray
      </label>
      <div className="shortcut">
        <input
          id={`${id}-shortcut`}
          className="input shortcut__input"
          type="text"
          readOnly
          value={formatAccelerator(draft ?? props.value, isMac())}
          title={draft ?? props.value}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-shortcut-hint ${id}-shortcut-notice`}
          aria-invalid={message?.error ?? false}
        />
        <button
          type="button"
          className="button"
          aria-disabled={busy || draft === null}
          onClick={() => void save()}
        >
          Save
        </button>
      </div>
      <p id={`${id}-shortcut-hint`} className="field__hint">
        Focus the field and press the new combination.
      </p>
      <p className={message?.error ? 'field__error' : 'field__hint'} role="status">
        {message?.text}
      </p>
      {message === null && props.notice !== null && (
        <p
          id={`${id}-shortcut-notice`}
          className={props.notice.severity === 'error' ? 'field__error' : 'field__hint'}
          role={props.notice.severity === 'error' ? 'alert' : undefined}
        >
          {props.notice.text}
        </p>
      )}
    </div>
  );
}
