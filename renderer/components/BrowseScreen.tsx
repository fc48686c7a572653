import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BrowseEntity } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useLoaded } from '../hooks/use-loaded';
import { useMain } from '../hooks/use-main';
import { entityName, filterEntities, groupEntities } from '../lib/browse-model';
import { EntityTasks } from './EntityTasks';
import { ChoiceSearch, onChoiceKeyDown } from './primitives/ChoiceList';
import { ScreenHeader } from './primitives/ScreenHeader';
import { StatusLine } from './primitives/Lines';

/**
 * Browse: the organization's vendors and risks (search by name), and one's
 * task items, each changeable in place. Changing or pinning a task pins it,
 * so its progress shows where the person's tasks are, as pinned ones do.
 */
export function BrowseScreen(props: { readonly onBack: () => void }) {
  const api = useApi();
  const { state: list, retry } = useLoaded(useCallback(() => api.listEntities(), [api]));
  const connection = useMain('connection').state;
  // Main says why the list is slow to come, when it is: "Waiting for the service's limit, about 20 s".
  const waiting = connection.phase === 'ready' ? connection.value.readsWaiting : undefined;
  const [open, setOpen] = useState<BrowseEntity | null>(null);
  const [query, setQuery] = useState('');
  const id = useId();
  const search = useRef<HTMLInputElement>(null);
  // Where focus goes back to when an entity's tasks are closed.
  const lastOpened = useRef<string | null>(null);

  useEffect(() => {
    if (open) return;
    const back = lastOpened.current;
    const el = back
      ? document.querySelector<HTMLElement>(`[data-entity-id="${back}"]`)
      : search.current;
    el?.focus();
  }, [open, list.phase]);

  if (open)
    return (
      <EntityTasks
        entity={open}
        onBack={() => {
          lastOpened.current = open.entityId;
          setOpen(null);
        }}
      />
    );

  const shown = list.phase === 'ready' ? filterEntities(list.value.entities, query) : [];
  const { vendors, risks } = groupEntities(shown);
  return (
    <div className="app">
      <ScreenHeader back={{ label: 'Back to tasks', onClick: props.onBack }}>Browse</ScreenHeader>
      <main className="browse">
        <ChoiceSearch
          ref={search}
          label="Search vendors and risks"
          placeholder="Search vendors and risks"
          value={query}
          onChange={setQuery}
        />
        {list.phase === 'loading' && (
          <StatusLine>{waiting ? `${waiting}…` : 'Loading vendors and risks…'}</StatusLine>
        )}
        {list.phase === 'error' && (
          <div className="browse__problem" role="alert">
            <p>{list.error.message}</p>
            {list.error.kind !== 'not_found' && list.error.kind !== 'forbidden' && (
              <button type="button" className="button" onClick={retry}>
                Try again
              </button>
            )}
          </div>
        )}
        {list.phase === 'ready' && (
          <>
            {list.value.note && <p className="browse__note">{list.value.note}</p>}
            {shown.length === 0 && (
              <StatusLine>
                {query
                  ? `Nothing called “${query}”.`
                  : 'This organization has no vendors or risks yet.'}
              </StatusLine>
            )}
            <EntityGroup
              id={`${id}-vendors`}
              heading="Vendors"
              entities={vendors}
              onOpen={setOpen}
            />
            <EntityGroup id={`${id}-risks`} heading="Risks" entities={risks} onOpen={setOpen} />
          </>
        )}
      </main>
    </div>
  );
}

function EntityGroup(props: {
  readonly id: string;
  readonly heading: string;
  readonly entities: readonly BrowseEntity[];
  readonly onOpen: (e: BrowseEntity) => void;
}) {
  if (props.entities.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="browse__heading">
        {props.heading} <span className="muted">{props.entities.length}</span>
      </h2>
      <ul className="browse__entities">
        {props.entities.map((e) => (
          <li key={e.entityId}>
            <button
              type="button"
              className="browse__entity"
              data-entity-id={e.entityId}
              onClick={() => props.onOpen(e)}
              onKeyDown={onChoiceKeyDown}
            >
              {entityName(e)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
