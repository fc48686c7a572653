import { useId } from 'react';
import type { PersonView } from '../../common/views';
import { displayText } from '../../common/display-text';
import {
  isAssignable,
  noOneFound,
  personName,
  searchPeople,
  whyNotAssignable,
} from '../lib/people';

/**
 * The people the picker lists for a search. Assigning, those the web app does
 * not offer (employees, contractors, auditors) are not hidden: they are named
 * apart, with why, so a missing person is never a mystery. Saying who you are,
 * everyone is a choice.
 */
export function PickerPeople(props: {
  readonly people: readonly PersonView[];
  readonly query: string;
  readonly current: string | null;
  /** assign: those the web app gives tasks to first; me, approve: everyone listed. */
  readonly purpose: 'assign' | 'me' | 'approve';
  readonly onPick: (person: PersonView) => void;
}) {
  const matches = searchPeople(props.people, props.query);
  const assigning = props.purpose === 'assign';
  const offered = assigning ? matches.filter(isAssignable) : matches;
  const notOffered = assigning ? matches.filter((p) => !isAssignable(p)) : [];
  return (
    <>
      <ul className="picker__list" aria-label="People">
        {offered.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="picker__person"
              aria-current={p.id === props.current ? 'true' : undefined}
              onClick={() => props.onPick(p)}
            >
              <span className="picker__name">{personName(p)}</span>
              {p.email && p.name && <span className="picker__email">{displayText(p.email)}</span>}
            </button>
          </li>
        ))}
        {matches.length === 0 && <li className="muted">{noOneFound(props.query)}</li>}
      </ul>
      {notOffered.length > 0 && (
        <div className="picker__not-offered">
          <p className="field__hint">
            Cannot be assigned: the web app gives tasks to owners, admins and custom roles, not to
            employees, contractors or auditors.
          </p>
          <ul aria-label="Not offered as assignees">
            {notOffered.map((p) => (
              <li key={p.id} className="picker__person picker__person--off">
                <span className="picker__name">{personName(p)}</span>
                <span className="picker__email">{whyNotAssignable(p)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The pickers' search over the people (it takes focus as the picker opens). */
export function PeopleSearch(props: {
  readonly query: string;
  readonly onQuery: (query: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Search people by name or email
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        placeholder="Search by name or email"
        value={props.query}
        autoFocus
        onChange={(e) => props.onQuery(e.target.value)}
      />
    </>
  );
}
