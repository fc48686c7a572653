/** The places a person's tasks are seen from; "My work" joins them when compliance tasks arrive. */
export type Place = 'pinned' | 'assigned' | 'browse';

const PLACES: readonly { readonly id: Place; readonly label: string; readonly hint: string }[] = [
  { id: 'pinned', label: 'Pinned', hint: 'The tasks you pinned here' },
  { id: 'assigned', label: 'Assigned', hint: 'Your open tasks across every vendor and risk' },
  { id: 'browse', label: 'Browse', hint: 'Vendors and risks, and their tasks' },
];

/**
 * The strip under the header: where you are (marked, and aria-current for
 * screen readers) and the other places one click away. Buttons, not links:
 * the popup has no addresses.
 */
export function PlacesNav(props: {
  readonly current: Place;
  readonly onGo: (place: Place) => void;
}) {
  return (
    <nav className="places" aria-label="Places">
      {PLACES.map((p) => (
        <button
          key={p.id}
          type="button"
          className="places__item"
          aria-current={p.id === props.current ? 'page' : undefined}
          title={p.hint}
          onClick={() => {
            if (p.id !== props.current) props.onGo(p.id);
          }}
        >
          {p.label}
        </button>
      ))}
    </nav>
  );
}
