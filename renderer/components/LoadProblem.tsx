import type { AppError } from '../../common/result';
import { Notice } from './primitives/Notice';

/** Main could not give a part of the screen (the tasks, the organization): why, and a retry. */
export function LoadProblem(props: {
  /** "your tasks", "the organization". */
  readonly what: string;
  readonly error: AppError;
  readonly onRetry: () => void;
}) {
  return (
    <Notice tone="error" role="alert" title={`Could not load ${props.what}`}>
      <p>{props.error.message}</p>
      <button type="button" className="link-button" onClick={props.onRetry}>
        Try again
      </button>
    </Notice>
  );
}

/** The whole window: the app could not answer at all. */
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
