import type { ReactNode, Ref } from 'react';
import { BackIcon } from '../icons';

/** The ← button screens and forms start with; its label says where it goes. */
export function BackButton(props: { readonly label: string; readonly onClick: () => void }) {
  return (
    <button type="button" className="icon-button" onClick={props.onClick} aria-label={props.label}>
      <BackIcon />
    </button>
  );
}

/**
 * A screen's header: the way back (where there is one) and the screen's
 * title as the page's h1. A title given a ref is one the screen focuses
 * as it opens, so it can take focus without being a Tab stop.
 */
export function ScreenHeader(props: {
  readonly back?: { readonly label: string; readonly onClick: () => void };
  readonly titleRef?: Ref<HTMLHeadingElement>;
  readonly children: ReactNode;
}) {
  const { back, titleRef } = props;
  return (
    <header className="screen-header">
      {back && <BackButton label={back.label} onClick={back.onClick} />}
      <h1 className="screen-header__title" {...(titleRef ? { ref: titleRef, tabIndex: -1 } : {})}>
        {props.children}
      </h1>
    </header>
  );
}
