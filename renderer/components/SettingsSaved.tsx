import type { LastChange } from '../hooks/use-settings-changes';

/**
 * Under Settings, always in view: the last change, saved, with its Undo (or
 * that it was undone). Every setting saves at once; this is where that is said.
 */
export function SettingsSaved(props: {
  readonly last: LastChange | null;
  readonly onUndo: () => void;
}) {
  const { last } = props;
  return (
    <div className={`settings__saved${last ? '' : ' settings__saved--empty'}`} role="status">
      {last && (
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
      )}
    </div>
  );
}
