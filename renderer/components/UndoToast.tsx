import '../styles/keys.css';
import type { UndoShown } from '../hooks/use-undo';
import { CloseIcon } from './icons';

const isMac = (): boolean => /Mac/.test(navigator.platform);

/**
 * The last change, with its Undo, under the screen for a few seconds; then,
 * for a moment, that it was undone. Inside App's polite live region
 * (`.undo-toast`), and never takes focus: the keys carry on where they were.
 * Loaded with the first change, not with the first screen.
 */
export function UndoToast(props: {
  readonly shown: UndoShown;
  readonly onUndo: () => void;
  readonly onDismiss: () => void;
}) {
  const { shown } = props;
  return (
    <div className="undo-toast__box">
      <span className="undo-toast__text">
        {shown.kind === 'offer' ? shown.offer.text : shown.text}
      </span>
      {shown.kind === 'offer' && (
        <>
          <kbd className="undo-toast__key" aria-hidden="true">
            {isMac() ? '⌘Z' : 'Ctrl+Z'}
          </kbd>
          <button
            type="button"
            className="button button--small"
            onClick={props.onUndo}
            aria-keyshortcuts={isMac() ? 'Meta+Z' : 'Control+Z'}
          >
            Undo
          </button>
        </>
      )}
      <button
        type="button"
        className="icon-button"
        onClick={props.onDismiss}
        aria-label="Dismiss"
        title="Dismiss"
      >
        <CloseIcon size={12} />
      </button>
    </div>
  );
}
