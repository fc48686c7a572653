import type { ReactNode } from 'react';
import type { RemoveText } from '../lib/remove-profile-text';

/** The question before an account is removed: what goes, what stays, what shows next. */
export function RemoveConfirm(props: {
  readonly label: string;
  readonly text: RemoveText;
  readonly children: ReactNode;
}) {
  const { text } = props;
  return (
    <div className="confirm" role="group" aria-label={props.label}>
      <p>
        <strong>Forgets:</strong> {text.forgets}
      </p>
      <p>
        <strong>Keeps:</strong> {text.keeps}
      </p>
      {text.then && <p>{text.then}</p>}
      <div className="form__actions">{props.children}</div>
    </div>
  );
}
