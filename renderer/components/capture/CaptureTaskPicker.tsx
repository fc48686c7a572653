import { useRef, useState } from 'react';
import { displayText } from '../../../common/display-text';
import type { KeyboardEvent } from 'react';
import type { CaptureTaskChoice } from '../../../common/capture';
import { matchTasks } from '../../lib/capture-model';

const FROM: Readonly<Record<CaptureTaskChoice['from'], string>> = {
  last: 'Used last',
  mine: 'My work',
  pinned: 'Pinned',
};

/**
 * Which task the capture goes to: a search over the titles, then the tasks
 * (the one used last first, then My work, then pinned) as one radio group.
 */
export function CaptureTaskPicker(props: {
  readonly tasks: readonly CaptureTaskChoice[];
  readonly value: string | null;
  readonly onChoose: (taskId: string) => void;
}) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const shown = matchTasks(props.tasks, query);
  const move = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = shown.findIndex((t) => t.id === props.value);
    const next =
      shown[Math.min(shown.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (!next) return;
    props.onChoose(next.id);
    list.current?.querySelector<HTMLElement>(`[data-id="${next.id}"]`)?.focus();
  };
  if (props.tasks.length === 0)
    return (
      <p className="browse__problem" role="alert">
        No compliance task to attach it to: My work is empty and none is pinned.
      </p>
    );
  return (
    <fieldset className="capture__tasks">
      <legend className="field__label">Attach to</legend>
      <input
        className="input"
        type="search"
        aria-label="Search tasks"
        placeholder="Search tasks"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={move}
      />
      <div className="capture__task-list" role="radiogroup" aria-label="Tasks" ref={list}>
        {shown.length === 0 && <p className="muted">No task’s title has those words.</p>}
        {shown.map((t) => (
          <button
            type="button"
            key={t.id}
            data-id={t.id}
            role="radio"
            aria-checked={t.id === props.value}
            tabIndex={
              t.id === props.value || (!shown.some((x) => x.id === props.value) && t === shown[0])
                ? 0
                : -1
            }
            className="capture__task"
            onClick={() => props.onChoose(t.id)}
            onKeyDown={move}
          >
            <span className="capture__task-title">{displayText(t.title)}</span>
            <span className="capture__task-from">{FROM[t.from]}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
