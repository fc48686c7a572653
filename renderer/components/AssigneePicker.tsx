import { useCallback, useId, useMemo, useState } from 'react';
import type { PersonView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useLoaded } from '../hooks/use-loaded';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import { useMe } from '../hooks/use-me';
import { isAssignable, personName, whyNotAssignable } from '../lib/people';
import { PeopleSearch, PickerPeople } from './PickerPeople';
import { ProblemLine, StatusLine } from './primitives/Lines';

type People =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready'; readonly people: readonly PersonView[] }
  | { readonly phase: 'unavailable'; readonly why: string };

/**
 * Choosing who a task is assigned to: the organization's members the web app
 * would offer (search by name or email), "Assign to me" where the app knows
 * who that is (asking, right there, where it does not), and "Unassign". Where the service does not list its people
 * (no route, or a key without member:read), a member id is typed instead.
 */
export function AssigneePicker(props: {
  /** The member the task is assigned to now, if any. */
  readonly current: string | null;
  /** The person using the app, as a member, where the caller knows it (else main is asked). */
  readonly me?: PersonView | null;
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
          ? { phase: 'ready', people: listed.value }
          : { phase: 'unavailable', why: listed.error.message },
    [listed],
  );
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);

  const known = useMe();
  // Who the person said they are here, just now: "Assign to me" from then on.
  const [chosenMe, setChosenMe] = useState<PersonView | null>(null);
  const me = chosenMe ?? props.me ?? known;
  const [askingMe, setAskingMe] = useState(false);
  const [meProblem, setMeProblem] = useState<string | null>(null);

  const chooseMe = async (person: PersonView) => {
    setMeProblem(null);
    const r = await api.setMe({ memberId: person.id });
    if (!r.ok) return setMeProblem(r.error.message);
    setChosenMe(person);
    setAskingMe(false);
    setQuery('');
    const why = whyNotAssignable(person);
    if (why) return setMeProblem(cannotAssignYou(why));
    props.onChoose(person.id, personName(person));
  };

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
      aria-label={askingMe ? 'Who are you?' : 'Choose the assignee'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          // Back one level: from "who are you" to the people, from there out of the picker.
          if (askingMe) setAskingMe(false);
          else props.onClose();
        }
      }}
    >
      <div className="picker__quick">
        {!askingMe && me && me.id !== props.current && isAssignable(me) && (
          <button
            type="button"
            className="button button--small"
            onClick={() => props.onChoose(me.id, personName(me))}
          >
            Assign to me
          </button>
        )}
        {!askingMe && !me && people.phase === 'ready' && (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setAskingMe(true);
              setMeProblem(null);
            }}
          >
            Assign to me…
          </button>
        )}
        {!askingMe && (props.current !== null || props.allowUnassign) && (
          <button
            type="button"
            className="button button--small"
            onClick={() => props.onChoose(null)}
          >
            Unassign
          </button>
        )}
        <button
          type="button"
          className="link-button"
          onClick={askingMe ? () => setAskingMe(false) : props.onClose}
        >
          {askingMe ? 'Back' : 'Cancel'}
        </button>
      </div>
      {askingMe && (
        <p className="field__hint">
          Who are you? Choose yourself once: Task Tray remembers it here and for Assigned to me.
        </p>
      )}
      {meProblem && <ProblemLine>{meProblem}</ProblemLine>}
      {people.phase === 'loading' && <StatusLine>Loading the organization’s people…</StatusLine>}
      {people.phase === 'ready' && (
        <>
          <PeopleSearch key={askingMe ? 'me' : 'assign'} query={query} onQuery={setQuery} />
          <PickerPeople
            people={people.people}
            query={query}
            current={askingMe ? (me?.id ?? null) : props.current}
            purpose={askingMe ? 'me' : 'assign'}
            onPick={(p) => (askingMe ? void chooseMe(p) : props.onChoose(p.id, personName(p)))}
          />
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
            {people.why} Type the member id (mem_…) instead: it is on the web app’s People page.
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

const cannotAssignYou = (why: string): string =>
  `Task Tray now knows who you are, but you cannot be assigned: you are ${why}, and the web app gives tasks to owners, admins and custom roles.`;
