/**
 * The places a person's tasks are seen from. Home is "My work": what is
 * theirs of both kinds, with their pins below it; Assigned lists every task
 * item assigned to them, Browse everything.
 */
export type Place = 'home' | 'assigned' | 'browse';

const PLACES: readonly { readonly id: Place; readonly label: string }[] = [
  { id: 'home', label: 'My work' },
  { id: 'assigned', label: 'Assigned' },
  { id: 'browse', label: 'Browse' },
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
