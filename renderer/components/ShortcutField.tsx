import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { SHORTCUTS, shortcutClash, shortcutProblem } from '../../common/shortcut-problem';
import type { ShortcutSetting } from '../../common/shortcut-problem';
import type { ShortcutNotice } from '../../common/views';
import type { SettingsChanges } from '../hooks/use-settings-changes';
import { acceleratorFromKey, formatAccelerator } from '../lib/accelerator';

const isMac = (): boolean => /Mac/i.test(navigator.platform || navigator.userAgent);

/**
 * Set the global shortcut by pressing it: saved at once, as every setting
 * is (with Undo). A combination the system or common apps already use
 * (Ctrl+Shift+T reopens a browser's tab) is named and not taken; main
 * checks again and says if another app holds it. `notice` is main's word on
 * the saved one (not bound at start, or the Wayland caveat).
 */
export function ShortcutField(props: {
  /** Which of Task Tray's shortcuts (common/shortcut-problem.ts's SHORTCUTS). */
  readonly setting: ShortcutSetting;
  /** Every shortcut as saved: one another has is named before main is asked. */
  readonly saved: Readonly<Record<ShortcutSetting, string>>;
  readonly value: string;
  readonly notice: ShortcutNotice | null;
  readonly change: SettingsChanges['change'];
}) {
  const id = useId();
  const mac = isMac();
  const { fallback, name, label } = SHORTCUTS[props.setting];
  /** A combination pressed and not taken (its problem said), shown until Esc or another. */
  const [refused, setRefused] = useState<{ keys: string; why: string } | null>(null);
  const [hint, setHint] = useState<string | null>(null);

  const take = async (accel: string) => {
    const shown = formatAccelerator(accel, mac);
    const problem =
      shortcutProblem(accel, shown) ?? shortcutClash(props.setting, accel, props.saved, shown);
    if (problem) return setRefused({ keys: accel, why: problem });
    setRefused(null);
    const r = await props.change({ [props.setting]: accel }, `${name}: ${shown}`, 'field');
    if (!r.ok) setRefused({ keys: accel, why: r.error.message });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab') return; // leave Tab to move on
    if (e.key === 'Escape') {
      if (refused !== null || hint !== null) {
        e.preventDefault(); // back to the saved one, rather than leave the screen
        setRefused(null);
        setHint(null);
      }
      return;
    }
    e.preventDefault();
    const accel = acceleratorFromKey(e, mac);
    if (accel) {
      setHint(null);
      if (accel !== props.value) void take(accel);
    } else if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
      setHint('Hold a modifier (Ctrl, Alt, Shift…) with a letter, digit or F-key.');
    }
  };

  const error = refused?.why ?? hint;
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-shortcut`}>
        {label}
      </label>
      <div className="shortcut">
        <input
          id={`${id}-shortcut`}
          className="input shortcut__input"
          type="text"
          readOnly
          value={formatAccelerator(refused?.keys ?? props.value, mac)}
          title={refused?.keys ?? props.value}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-shortcut-hint ${id}-shortcut-error ${id}-shortcut-notice`}
          aria-invalid={error !== null}
        />
        {props.value !== fallback && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setRefused(null);
              setHint(null);
              void take(fallback);
            }}
          >
            Reset to default
          </button>
        )}
      </div>
      <p id={`${id}-shortcut-hint`} className="field__hint">
        Focus the field and press the new combination: it is saved at once. The default is{' '}
        {formatAccelerator(fallback, mac)}.
      </p>
      {error !== null && (
        <p id={`${id}-shortcut-error`} className="field__error" role="alert">
          {error}
          {refused && ' Esc puts back the one saved.'}
        </p>
      )}
      {error === null && props.notice !== null && (
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
