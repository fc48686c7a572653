import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { TaskPriority } from '../../common/task-values';
import type { BrowseEntity } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useEscape } from '../hooks/use-escape';
import { useLoaded } from '../hooks/use-loaded';
import { useMe } from '../hooks/use-me';
import { entityChoices, draftProblem } from '../lib/new-task-model';
import { isAssignable } from '../lib/people';
import { EntityField, ME, NOBODY, PriorityAndAssignee } from './NewTaskFields';
import { ScreenHeader } from './primitives/ScreenHeader';

/**
 * The quick entry of a new task (the tray's "New task…" or its shortcut):
 * title, where it belongs (the last used first, searchable), priority,
 * assignee (me where "me" is known) and an optional description. Enter
 * creates, Esc leaves with nothing kept, Tab moves through the fields.
 * Main keeps it in the outbox: the list shows it at once, "Creating…"
 * until the service has made it.
 */
export function NewTaskScreen(props: {
  /** Back on the list, on the new task's row. */
  readonly onCreated: (taskId: string) => void;
  readonly onLeave: () => void;
}) {
  const api = useApi();
  const id = useId();
  const me = useMe();
  const { state: listed } = useLoaded(useCallback(() => api.listEntities(), [api]));
  const { state: recent } = useLoaded(useCallback(() => api.recentEntities(), [api]));
  const { state: people } = useLoaded(useCallback(() => api.listPeople(), [api]));
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [priority, setPriority] = useState<TaskPriority>('medium');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Esc leaves as the entry came: nothing kept, the popup hidden (the ← button stays in it).
  useEscape(() => {
    props.onLeave();
    void api.hideWindow();
  });
  useEffect(() => titleRef.current?.focus(), []);

  const choices = useMemo(
    () =>
      entityChoices(
        listed.phase === 'ready' ? listed.value.entities : null,
        recent.phase === 'ready' ? recent.value : [],
        query,
      ),
    [listed, recent, query],
  );
  // The one chosen, or else the first offered (the last used, or the search's first match).
  const entity: BrowseEntity | null =
    choices.find((e) => e.entityId === chosen) ?? choices[0] ?? null;
  const others = people.phase === 'ready' ? people.value.filter(isAssignable) : [];
  // "Me" by default where the app knows who that is.
  const who = assignee ?? (me ? ME : NOBODY);

  // An answer that comes once the entry has gone (Esc, another screen, another account shown)
  // speaks to no one: it must not take over the screen that is showing now.
  const shown = useRef(true);
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );

  async function create(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const stop = draftProblem({ title, entity });
    if (stop || !entity) {
      setProblem(stop);
      (stop?.field === 'title' ? titleRef : searchRef).current?.focus();
      return;
    }
    const memberId = who === ME ? (me?.id ?? null) : who || null;
    setBusy(true);
    const made = await api.createTask({
      title: title.trim(),
      entityType: entity.entityType,
      entityId: entity.entityId,
      priority,
      ...(memberId ? { assigneeId: memberId } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
    });
    if (!shown.current) return;
    setBusy(false);
    if (made.ok) props.onCreated(made.value.id);
    else setProblem({ field: 'form', text: made.error.message });
  }

  // Enter creates from any field; in the description Shift+Enter starts a new line.
  const onKeyDown = (k: KeyboardEvent<HTMLFormElement>) => {
    if (k.key !== 'Enter' || k.nativeEvent.isComposing) return;
    if (k.target instanceof HTMLTextAreaElement && k.shiftKey) return;
    if (k.target instanceof HTMLButtonElement) return;
    k.preventDefault();
    void create();
  };

  return (
    <div className="app">
      <ScreenHeader back={{ label: 'Leave without creating', onClick: props.onLeave }}>
        New task
      </ScreenHeader>
      <form
        className="form new-task"
        onSubmit={(e) => void create(e)}
        onKeyDown={onKeyDown}
        noValidate
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            ref={titleRef}
            id={`${id}-title`}
            className="input"
            required
            maxLength={500}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={problem?.field === 'title'}
          />
        </div>
        <EntityField
          ref={searchRef}
          query={query}
          onQuery={(q) => {
            setQuery(q);
            setChosen(null);
          }}
          choices={choices}
          chosen={entity}
          onChoose={setChosen}
          invalid={problem?.field === 'entity'}
          hint={
            listed.phase === 'loading' && choices.length === 0
              ? 'Loading vendors and risks…'
              : listed.phase === 'error'
                ? `${listed.error.message} Those used lately are offered.`
                : choices.length === 0
                  ? 'No vendor or risk matches that.'
                  : ''
          }
        />
        <PriorityAndAssignee
          priority={priority}
          onPriority={setPriority}
          who={who}
          onWho={setAssignee}
          me={me}
          others={others}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            Description <span className="field__hint">(optional)</span>
          </label>
          <textarea
            id={`${id}-description`}
            className="input new-task__description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        {problem && (
          <p className="field__error" role="alert">
            {problem.text}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? 'Creating…' : 'Create task'}
          </button>
          <span className="field__hint">Enter creates · Esc leaves</span>
        </div>
      </form>
    </div>
  );
}
