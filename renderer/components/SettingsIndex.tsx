/** A section of Settings the index jumps to: `key` names its `data-section`. */
export interface SettingsPlace {
  readonly key: string;
  readonly label: string;
}

/**
 * The short index at the top of Settings: a click (or Enter) brings the
 * section into view and puts focus on its heading, so the keys go on from there.
 */
export function SettingsIndex(props: { readonly places: readonly SettingsPlace[] }) {
  return (
    <nav className="settings__index" aria-label="Settings sections">
      {props.places.map((p) => (
        <button
          key={p.key}
          type="button"
          className="link-button"
          onClick={() => {
            const section = document.querySelector<HTMLElement>(`[data-section="${p.key}"]`);
            if (!section) return;
            // Only the settings' own scroller moves: scrollIntoView would move the screen's header too.
            const scroller = section.closest<HTMLElement>('.settings');
            if (scroller) {
              const by = section.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
              scroller.scrollTo?.({ top: scroller.scrollTop + by - 8 });
            }
            section
              .querySelector<HTMLElement>('.settings__heading')
              ?.focus({ preventScroll: true });
          }}
        >
          {p.label}
        </button>
      ))}
    </nav>
  );
}
