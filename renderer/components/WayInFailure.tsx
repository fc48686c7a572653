import type { AppError } from '../../common/result';
import { connectGuidance } from '../lib/connect-guidance';
import { signInFallback } from '../lib/sign-in-fallback';
import { Notice } from './primitives/Notice';

/**
 * A way in that did not work, with what to do next. A web sign-in that ended
 * without a session also offers the API key, the way that needs no window.
 */
export function WayInFailure(props: {
  readonly way: string;
  readonly error: AppError;
  readonly onDismiss: () => void;
  readonly onApiKey: () => void;
}) {
  const fallback = signInFallback(props.error);
  return (
    <Notice
      tone="error"
      role="alert"
      title={fallback?.title ?? `${props.way} did not work`}
      onDismiss={props.onDismiss}
    >
      <p>{props.error.message}</p>
      <p className="muted">{fallback?.hint ?? connectGuidance(props.error).hint}</p>
      {fallback && (
        <button type="button" className="button button--primary" onClick={props.onApiKey}>
          Connect with an API key instead
        </button>
      )}
    </Notice>
  );
}
