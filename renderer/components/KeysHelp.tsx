import '../styles/keys.css';
import { useEffect, useRef } from 'react';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../common/task-values';
import { useEscape } from '../hooks/use-escape';
import { CloseIcon } from './icons';

const isMac = (): boolean => /Mac/.test(navigator.platform);

/** The keys of the popup, as "?" shows them: keys (each a <kbd>) and what they do. */
const keys = (): readonly (readonly [readonly string[], string])[] => [
  [['↑', '↓'], 'Move between tasks'],
  [['Home', 'End'], 'First or last task'],
  [['Page Up', 'Page Down'], 'A screenful up or down'],
  [['1–5'], 'Status: ' + TASK_STATUSES.map((s, i) => `${i + 1} ${STATUS_LABELS[s]}`).join(', ')],
  // Compliance tasks' first four are task items' own: only what differs is said.
  [['1–6'], 'Compliance tasks: 1–4 the same, 5 Not relevant, 6 Failed'],
  [
    ['Shift', '1–4'],
    `Priority: ${TASK_PRIORITIES.map((p, i) => `${i + 1} ${PRIORITY_LABELS[p]}`).join(', ')}`,
  ],
  [['Enter'], 'Open the task'],
  [['Delete'], 'Unpin the task'],
  [['/'], 'Filter the tasks'],
  [[isMac() ? '⌘' : 'Ctrl', 'Z'], 'Undo the last change'],
  [['Esc'], 'Back one step; on the tasks, hide Task Tray'],
  [['?'], 'Show these keys'],
];

/**
 * The keys, in a sheet over the screen: "?" opens it, Esc, the × or a
 * click outside closes it, and focus goes back where it was.
 */
export function KeysHelp(props: { readonly onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEscape(props.onClose);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <div
      className="keys-help"
      onClick={(e) => {
        if (e.target === e.currentTarget) props.onClose();
      }}
    >
      <section
        className="keys-help__sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="keys-help-title"
        // Modal: its one control keeps focus, Tab does not wander to the page behind.
        onKeyDown={(e) => {
          if (e.key === 'Tab') e.preventDefault();
        }}
      >
        <div className="keys-help__header">
          <h2 id="keys-help-title" className="keys-help__title">
            Keys
          </h2>
          <button
            ref={close}
            type="button"
            className="icon-button"
            onClick={props.onClose}
            aria-label="Close the keys"
            title="Close (Esc)"
          >
            <CloseIcon size={12} />
          </button>
        </div>
        <dl className="keys-help__list">
          {keys().map(([combo, what]) => (
            <div key={what} className="keys-help__row">
              <dt>
                {combo.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
