/**
 * How old what the popup shows is, when main says so: "Checked 8 s ago" after
 * a refresh that was just done, or "Checked 12 min ago — offline" when the
 * background could not read for a while. Nothing when all is fresh.
 */
export function Freshness(props: { readonly note: string | null }) {
  if (!props.note) return null;
  return (
    <p className="muted freshness" role="status">
      {props.note}
    </p>
  );
}
