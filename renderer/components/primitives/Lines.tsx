import type { ReactNode } from 'react';

/** A quiet line said politely: loading, or nothing to show. */
export function StatusLine(props: { readonly children: ReactNode }) {
  return (
    <p className="muted" role="status">
      {props.children}
    </p>
  );
}

/** A line saying what went wrong, announced at once. */
export function ProblemLine(props: { readonly children: ReactNode }) {
  return (
    <p className="browse__problem" role="alert">
      {props.children}
    </p>
  );
}
