import { useDeferredValue, useEffect, useMemo } from 'react';
import type { Task } from '../../../common/task';
import { READ_REST_AT_ONCE } from '../../../common/views';
import { useAssigned } from '../../hooks/use-assigned';
import { listedTasks, useComplianceRows } from '../../hooks/use-compliance-rows';
import { useKnownTasks } from '../../hooks/use-known-tasks';
import { useNow } from '../../hooks/use-now';
import { useTasks } from '../../hooks/use-tasks';
import { buildIndex, createSearcher } from '../../lib/search/search-index';
import type { SearchGroup } from '../../lib/search/search-index';
import { searchDocs } from '../../lib/search/search-sources';
import {
  coverageWords,
  groupLabel,
  moreGroupsWords,
  readRestLabel,
  searchedWords,
} from '../../lib/search/search-words';
import { ComplianceList } from '../my-work/ComplianceList';
import { ProblemLine } from '../primitives/Lines';
import { SearchTaskGroup } from './SearchTaskGroup';
import '../../styles/my-work.css';
import '../../styles/search.css';

/** Groups drawn at once: more is a list nobody reads, and a keystroke's work; typing narrows. */
const SHOWN_GROUPS = 12;

/**
 * What the filter finds beyond the pinned list above it: compliance tasks,
 * those assigned, and every vendor's and risk's list main has read, grouped
 * by where they came from, the best match first. One of the home screen's
 * later parts: its code, its index and main's lists come as search is first used.
 */
export function SearchResults(props: {
  readonly query: string;
  readonly onOpenTask?: ((taskId: string) => void) | undefined;
  readonly onOpenComplianceTask?: ((taskId: string, ask?: 'not_relevant') => void) | undefined;
}) {
  const pinned = useTasks().rows;
  const assigned = useAssigned().view;
  const compliance = useComplianceRows(props.onOpenComplianceTask);
  const { known, readRest, reading, problem } = useKnownTasks();
  const now = useNow();
  const complianceTasks = useMemo(() => listedTasks(compliance.view), [compliance.view]);
  const index = useMemo(
    () =>
      buildIndex(
        searchDocs({ pinned, compliance: complianceTasks, assigned: assigned?.tasks ?? [], known }),
      ),
    [pinned, complianceTasks, assigned, known],
  );
  // Typing stays ahead of the results: a keystroke is never held up by the one before.
  const query = useDeferredValue(props.query);
  const searcher = useMemo(() => createSearcher(index), [index]);
  const found = useMemo(
    () => searcher(query).filter((g) => g.source !== 'pinned'),
    [searcher, query],
  );
  const groups = found.slice(0, SHOWN_GROUPS);
  const tasksById = useMemo(() => {
    const byId = new Map<string, Task>();
    for (const t of assigned?.tasks ?? []) byId.set(t.id, t);
    for (const list of known?.lists ?? []) for (const t of list.tasks) byId.set(t.id, t);
    return byId;
  }, [assigned, known]);

  const group = (g: SearchGroup) => {
    const label = groupLabel(g.source, g.group, known);
    if (g.source === 'compliance') {
      const found = new Set(g.ids);
      return (
        <section key={g.group} className="search__group" aria-labelledby="search-compliance">
          <h3 id="search-compliance" className="work__heading">
            {label}
            <span className="tasks__count">{g.ids.length + g.more}</span>
          </h3>
          <ComplianceList
            rows={g.ids.flatMap(
              (id) => compliance.rows.find((r) => r.id === id && found.has(id)) ?? [],
            )}
            onStatus={compliance.onStatus}
            onOpen={compliance.onOpen}
            onDismiss={compliance.dismiss}
          />
        </section>
      );
    }
    return (
      <SearchTaskGroup
        key={g.group}
        id={g.group}
        label={label}
        tasks={g.ids.flatMap((id) => tasksById.get(id) ?? [])}
        more={g.more}
        onOpenTask={props.onOpenTask}
      />
    );
  };

  // ↓ in the field with no pin matching (focus stayed in the field): the first result takes it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const at = document.activeElement;
      if (e.key === 'ArrowDown' && at?.classList.contains('filter__input'))
        document.querySelector<HTMLElement>('.search li[tabindex="0"]')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const partial = !known || !known.entitiesListed || known.unread > 0;
  return (
    <div className="search" aria-label="Search results" role="region">
      <p className="search__scope" role="status">
        {searchedWords(index.size, known, now)} {coverageWords(known)}{' '}
        {partial && (
          <button type="button" className="link-button" disabled={reading} onClick={readRest}>
            {reading ? 'Reading…' : readRestLabel(known, READ_REST_AT_ONCE)}
          </button>
        )}
      </p>
      {problem && <ProblemLine>{problem}</ProblemLine>}
      {groups.length === 0 ? (
        <p className="muted search__none">Nothing else the app has read matches “{query}”.</p>
      ) : (
        groups.map(group)
      )}
      {found.length > SHOWN_GROUPS && (
        <p className="search__more">{moreGroupsWords(found.length - SHOWN_GROUPS)}</p>
      )}
    </div>
  );
}
