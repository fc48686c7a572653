import { useState } from 'react';
import type { PersonView } from '../../../common/views';
import { PeopleSearch, PickerPeople } from '../PickerPeople';
import { ProblemLine, StatusLine } from '../primitives/Lines';

/**
 * Choosing who approves the evidence: the organization's people but the
 * person submitting, as the web app offers them (search by name or email).
 */
export function ApproverPicker(props: {
  readonly people: readonly PersonView[] | null;
  /** Why the people cannot be listed (a key without member:read); null while loading or listed. */
  readonly unavailable: string | null;
  readonly current: string | null;
  /** The person submitting: not their own approver. */
  readonly meId: string | null;
  readonly onChoose: (person: PersonView) => void;
  readonly onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  return (
    <div
      className="picker"
      role="group"
      aria-label="Choose the approver"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onClose();
        }
      }}
    >
      <div className="picker__quick">
        <span className="field__hint">Who approves the evidence?</span>
        <button type="button" className="link-button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
      {props.unavailable && <ProblemLine>{props.unavailable}</ProblemLine>}
      {!props.people && !props.unavailable && (
        <StatusLine>Loading the organization’s people…</StatusLine>
      )}
      {props.people && (
        <>
          <PeopleSearch query={query} onQuery={setQuery} />
          <PickerPeople
            people={props.people.filter((p) => p.id !== props.meId)}
            query={query}
            current={props.current}
            purpose="approve"
            onPick={props.onChoose}
          />
        </>
      )}
    </div>
  );
}
