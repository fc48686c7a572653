import type { LastChange } from '../hooks/use-settings-changes';
import { CloseIcon } from './icons';

/**
 * Under Settings, always in view: the last change, saved, with its Undo (or
 * that it was undone), or why it was not. Every setting saves at once; this
 * is where that is said, wherever the screen is scrolled to.
 */
export function SettingsSaved(props: {
  readonly last: LastChange | null;
  readonly onUndo: () => void;
  /** A change (or an action of the screen) refused, with main's reason. */
  readonly problem: string | null;
  readonly onDismiss: () => void;
}) {
  const { last, problem } = props;
  const empty = !last && !problem;
  return (
    <div className={`settings__saved${empty ? ' settings__saved--empty' : ''}`} role="status">
      {problem ? (
        <>
          <span className="settings__saved-text settings__saved-text--problem" role="alert">
            {problem}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss message"
            onClick={props.onDismiss}
          >
            <CloseIcon size={12} />
          </button>
        </>
      ) : (
        last && (
          <>
            <span className="settings__saved-text">
              {last.what} — {last.kind === 'saved' ? 'saved' : 'undone'}
            </span>
            {last.kind === 'saved' && (
              <button type="button" className="link-button" onClick={props.onUndo}>
                Undo
              </button>
            )}
          </>
        )
      )}
    </div>
  );
}
