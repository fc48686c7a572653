import { metadataView } from '../lib/metadata';

/** Collapsed by default: it is reference, not the reason the popup was opened. */
export function OrgMetadata({ value }: { readonly value: unknown }) {
  const view = metadataView(value);
  if (view.kind === 'none') return null;
  return (
    <details className="org-meta">
      <summary className="org-meta__summary">Details</summary>
      {view.kind === 'entries' ? (
        // Scrolls when long, so it must take focus to be scrollable by keyboard.
        <dl className="org-meta__list" tabIndex={0}>
          {view.entries.map(([k, v]) => (
            <div key={k} className="org-meta__row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="org-meta__text">{view.text}</p>
      )}
    </details>
  );
}
