import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssignedView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useLoaded } from '../hooks/use-loaded';
import { filterPeople, personLabel } from '../lib/assigned-model';
import { noOneFound } from '../lib/people';
import { ChoiceSearch, onChoiceKeyDown } from './primitives/ChoiceList';
import { ProblemLine, StatusLine } from './primitives/Lines';

/** An API key has no identity: the person picks themselves from the organization's people. */
export function ChooseMe(props: {
  readonly view: AssignedView;
  readonly onChosen: (v: AssignedView) => void;
}) {
  const api = useApi();
  const { state: people } = useLoaded(useCallback(() => api.listPeople(), [api]));
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);

  const choose = async (memberId: string) => {
    setChooseError(null);
    const r = await api.setMe({ memberId });
    if (r.ok) props.onChosen(r.value);
    else setChooseError(r.error.message);
  };

  const error = chooseError ?? (people.phase === 'error' ? people.error.message : null);
  const shown = people.phase === 'ready' ? filterPeople(people.value, query) : [];
  return (
    <>
      <p className="browse__note">
        {props.view.message ??
          'An API key does not say who you are: choose yourself, and Task Tray gathers the open tasks assigned to you.'}
      </p>
      <ChoiceSearch
        ref={search}
        label="Search people by name or email"
        placeholder="Search by name or email"
        value={query}
        onChange={setQuery}
      />
      {error && <ProblemLine>{error}</ProblemLine>}
      {people.phase === 'loading' && <StatusLine>Loading the organization’s people…</StatusLine>}
      {people.phase === 'ready' && shown.length === 0 && (
        <StatusLine>{noOneFound(query)}</StatusLine>
      )}
      <ul className="browse__entities" aria-label="People">
        {shown.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="browse__entity"
              aria-current={props.view.me?.id === p.id ? 'true' : undefined}
              onClick={() => void choose(p.id)}
              onKeyDown={onChoiceKeyDown}
            >
              <span className="person__name">{personLabel(p)}</span>
              {p.name && p.email && <span className="person__email"> {p.email}</span>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
