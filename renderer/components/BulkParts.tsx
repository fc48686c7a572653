import type { ReactNode } from 'react';

/** A row of the bar's buttons: its name for assistive technology, and a shorter one shown. */
export function BulkGroup(props: {
  readonly label: string;
  readonly shownLabel: string;
  readonly children: ReactNode;
}) {
  return (
    <div role="group" className="bulk__actions" aria-label={props.label}>
      <span className="bulk__label" aria-hidden="true">
        {props.shownLabel}
      </span>
      {props.children}
    </div>
  );
}

/** One of the bar's choices; disabled only in name, so it keeps its focus and says why. */
export function SetButton(props: {
  readonly enabled: boolean;
  readonly title?: string;
  readonly expanded?: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--small bulk__set"
      aria-disabled={!props.enabled}
      title={props.title}
      aria-expanded={props.expanded}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
