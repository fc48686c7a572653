import { useCallback, useId, useMemo, useState } from 'react';
import type { PersonView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useLoaded } from '../hooks/use-loaded';
import { displayText } from '../../common/display-text';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import { isAssignable, personName, searchPeople } from '../lib/people';
import { StatusLine } from './primitives/Lines';

type People =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready'; readonly people: readonly PersonView[] }
  | { readonly phase: 'unavailable'; readonly why: string };

/**
 * Choosing who a task is assigned to: the organization's members the web app
 * would offer (search by name or email), "Assign to me" where the app knows
 * who that is, and "Unassign". Where the service does not list its people
 * (no route, or a key without member:read), a member id is typed instead.
 */
export function AssigneePicker(props: {
  /** The member the task is assigned to now, if any. */
  readonly current: string | null;
  /** The person using the app, as a member, where known. */
  readonly me: PersonView | null;
  readonly onChoose: (memberId: string | null, name?: string) => void;
  readonly onClose: () => void;
  /** Offer "Unassign" even with no current assignee (several tasks, each with its own). */
  readonly allowUnassign?: boolean;
}) {
  const api = useApi();
  const id = useId();
  const { state: listed } = useLoaded(useCallback(() => api.listPeople(), [api]));
  const people = useMemo<People>(
    () =>
      listed.phase === 'loading'
        ? listed
        : listed.phase === 'ready'
          ? { phase: 'ready', people: listed.value.filter(isAssignable) }
          : { phase: 'unavailable', why: listed.error.message },
    [listed],
  );
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);

  const shown = useMemo(
    () => (people.phase === 'ready' ? searchPeople(people.people, query) : []),
    [people, query],
  );

  const chooseTyped = () => {
    const text = typed.trim();
    if (!MEMBER_ID_PATTERN.test(text)) {
      setTypedError('A member id starts with “mem_”, then letters and digits.');
      return;
    }
    props.onChoose(text);
  };

  return (
    <div
      className="picker"
      role="group"
      aria-label="Choose the assignee"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onClose();
        }
      }}
    >
      <div className="picker__quick">
        {props.me && props.me.id !== props.current && (
          <button
            type="button"
            className="button button--small"
            onClick={() => props.onChoose(props.me!.id)}
          >
            Assign to me
          </button>
        )}
        {(props.current !== null || props.allowUnassign) && (
          <button
            type="button"
            className="button button--small"
            onClick={() => props.onChoose(null)}
          >
            Unassign
          </button>
        )}
        <button type="button" className="link-button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
      {people.phase === 'loading' && <StatusLine>Loading the organization’s people…</StatusLine>}
      {people.phase === 'ready' && (
        <>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Search people by name or email
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder="Search by name or email"
            value={query}
            autoFocus
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul className="picker__list" aria-label="People">
            {shown.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="picker__person"
                  aria-current={p.id === props.current ? 'true' : undefined}
                  onClick={() => props.onChoose(p.id, personName(p))}
                >
                  <span className="picker__name">{personName(p)}</span>
                  {p.email && p.name && (
                    <span className="picker__email">{displayText(p.email)}</span>
                  )}
                </button>
              </li>
            ))}
            {shown.length === 0 && <li className="muted">Nobody matches “{query}”.</li>}
          </ul>
        </>
      )}
      {people.phase === 'unavailable' && (
        <form
          className="field"
          onSubmit={(e) => {
            e.preventDefault();
            chooseTyped();
          }}
        >
          <label className="field__label" htmlFor={`${id}-member`}>
            Member id
          </label>
          <p className="field__hint" id={`${id}-member-hint`}>
            The service did not list its people ({people.why}). Copy the member id (mem_…) from the
            web app’s People page.
          </p>
          <div className="shortcut">
            <input
              id={`${id}-member`}
              className="input"
              type="text"
              placeholder="mem_…"
              value={typed}
              autoFocus
              spellCheck={false}
              aria-invalid={typedError !== null}
              aria-describedby={`${id}-member-hint${typedError ? ` ${id}-member-error` : ''}`}
              onChange={(e) => {
                setTyped(e.target.value);
                setTypedError(null);
              }}
            />
            <button type="submit" className="button">
              Assign
            </button>
          </div>
          {typedError && (
            <p id={`${id}-member-error`} className="field__error" role="alert">
              {typedError}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
