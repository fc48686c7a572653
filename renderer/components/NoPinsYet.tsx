/**
 * No pinned task: the app can list the person's tasks itself, so it offers
 * that first (what is assigned to them, then Browse); pasting an id comes last.
 * Below My work's rows (`brief`), one line says what pins are for.
 */
export function NoPinsYet(props: {
  readonly places?:
    { readonly onOpenAssigned: () => void; readonly onOpenBrowse: () => void } | undefined;
  readonly brief?: boolean;
}) {
  const { places } = props;
  if (props.brief)
    return (
      <p className="work__note work__note--pins">
        Pin any task to keep it here: paste its id (tski_…) or a link to it below.
      </p>
    );
  return (
    <div className="empty">
      <p className="empty__title">No pinned tasks yet</p>
      {places && (
        <div className="empty__actions">
          <button type="button" className="button button--primary" onClick={places.onOpenAssigned}>
            Show what is assigned to me
          </button>
          <button type="button" className="button" onClick={places.onOpenBrowse}>
            Browse vendors and risks
          </button>
        </div>
      )}
      <p className="muted">
        {places ? 'Or paste' : 'Paste'} a task id (tski_…) or a link to a task from the web app
        below, and it stays here for a quick status change.
      </p>
    </div>
  );
}
