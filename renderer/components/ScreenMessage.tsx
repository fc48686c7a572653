import type { AppError } from '../../common/result';
import { StatusLine } from './primitives/Lines';

/** Whole-window states: still loading, or the app could not answer at all. */
export function LoadingScreen({ label }: { readonly label: string }) {
  return (
    <main className="app app--center" aria-busy="true">
      <StatusLine>{label}</StatusLine>
    </main>
  );
}

export function ErrorScreen(props: {
  readonly heading: string;
  readonly error: AppError;
  readonly onRetry: () => void;
}) {
  return (
    <main className="app app--center">
      <div className="screen-message" role="alert">
        <h1 className="screen-message__title">{props.heading}</h1>
        <p className="muted">{props.error.message}</p>
        <button type="button" className="button" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
