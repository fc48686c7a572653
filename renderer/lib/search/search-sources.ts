import type { ComplianceTaskView } from '../../../common/compliance-view';
import type { Task } from '../../../common/task';
import type { KnownTasks } from '../../../common/views';
import type { TaskRowModel } from '../task-model';
import type { SearchDoc } from './search-index';

/** Everything the popup knows of the account's tasks, as each screen got it. */
export interface KnownSources {
  readonly pinned: readonly TaskRowModel[];
  /** My work's compliance tasks: the person's own, then those pinned. */
  readonly compliance: readonly ComplianceTaskView[];
  /** Task items assigned to the person (as "Assigned to me" keeps them). */
  readonly assigned: readonly Task[];
  /** The vendors' and risks' lists main has read this run. */
  readonly known: KnownTasks | null;
}

const personOf = (t: Task): string => t.assignee?.user?.name ?? t.assignee?.user?.email ?? '';

/** Every task once per source, in the order each source lists them. */
export function searchDocs(s: KnownSources): SearchDoc[] {
  const names = new Map<string, string>();
  for (const list of s.known?.lists ?? []) names.set(list.entity.entityId, list.entity.name);
  const whereOf = (entityId: string | null | undefined) => (entityId && names.get(entityId)) || '';
  const docs: SearchDoc[] = [];
  for (const r of s.pinned)
    docs.push({
      ...{ id: r.id, source: 'pinned', group: 'pinned', title: r.fullTitle },
      ...{ where: whereOf(r.ref.entityId), assignee: r.assignee ?? '' },
    });
  for (const t of s.compliance)
    docs.push({
      ...{ id: t.id, source: 'compliance', group: 'compliance', title: t.title },
      ...{ where: t.department ?? '', assignee: '' },
    });
  for (const t of s.assigned)
    docs.push({
      ...{ id: t.id, source: 'assigned', group: 'assigned', title: t.title ?? '' },
      ...{ where: whereOf(t.entityId), assignee: personOf(t) },
    });
  for (const list of s.known?.lists ?? [])
    for (const t of list.tasks)
      docs.push({
        ...{ id: t.id, source: 'read', group: list.entity.entityId, title: t.title ?? '' },
        ...{ where: list.entity.name, assignee: personOf(t) },
      });
  return docs;
}
