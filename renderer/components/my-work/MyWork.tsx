import { useEffect, useRef, useState } from 'react';
import { nothingFocused } from '../../hooks/use-list-ready-on-open';
import { useMain } from '../../hooks/use-main';
import type { ComplianceRowModel } from '../../lib/compliance-rows';
import { NoPinsYet } from '../NoPinsYet';
import type { ListSelection } from '../TaskList';
import { AssignedWork } from './AssignedWork';
import { ComplianceSection } from './ComplianceSection';
import { workShown } from './work-shown';
import type { WorkShown } from './work-shown';
import '../../styles/my-work.css';

/**
 * What is the person's on My work, above their pins: their compliance tasks
 * (overdue first, then by review date), then the task items assigned to
 * them; and, with nothing pinned, what pins are for (a line beside their
 * work, the ways to find tasks when they have none). One of the home
 * screen's later parts, asked for as its first screen has painted: that
 * screen's code stays as small as it was.
 */
export function MyWork(props: {
  readonly onOpenComplianceTask?: ((taskId: string, ask?: 'not_relevant') => void) | undefined;
  readonly onOpenAssigned?: () => void;
  readonly onOpenBrowse?: () => void;
  readonly onOpenTask?: (taskId: string) => void;
  /** The compliance rows as drawn: select mode ticks them beside the pins. */
  readonly onWork?: (rows: readonly ComplianceRowModel[]) => void;
  /** In select mode: which tasks are ticked, and how to tick them. */
  readonly selection?: ListSelection | undefined;
}) {
  const pins = useMain('tasks').state;
  const noPins = pins.phase === 'ready' && pins.value.length === 0;
  const [compliance, setCompliance] = useState<WorkShown>('waiting');
  const [items, setItems] = useState<WorkShown>('waiting');
  const shown = workShown([compliance, items]);
  const { onOpenAssigned = noop, onOpenBrowse = noop } = props;

  // Someone who has just connected (nothing pinned, so nothing focused): their first task takes focus.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown === 'some' && nothingFocused())
      root.current?.querySelector<HTMLElement>('li[tabindex="0"]')?.focus();
  }, [shown]);

  return (
    <div className="work" ref={root}>
      <ComplianceSection
        onOpen={props.onOpenComplianceTask}
        onShown={setCompliance}
        onRows={props.onWork}
        selection={props.selection}
      />
      <AssignedWork
        onOpenAssigned={onOpenAssigned}
        onShown={setItems}
        {...(props.onOpenTask ? { onOpenTask: props.onOpenTask } : {})}
      />
      {noPins && shown !== 'waiting' && (
        <NoPinsYet brief={shown === 'some'} places={{ onOpenAssigned, onOpenBrowse }} />
      )}
    </div>
  );
}

const noop = (): void => undefined;
