import type { MenuItemConstructorOptions } from 'electron';
import { deadlineCounts, deadlineOf, deadlineSummary } from '../../common/deadline';
import {
  COMPLIANCE_STATUSES,
  COMPLIANCE_STATUS_LABELS,
  isComplianceStatus,
} from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import { menuText } from './menu-text';

/**
 * The compliance tasks of the person's that are overdue or due today, as the
 * tray says them: "2 overdue · 1 due today" in the tooltip and at the top of
 * the menu, then each task with its status to change in a click.
 */

export interface TrayDeadlineTask {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  /** "due today", "3 days overdue". */
  readonly due: string;
}

export interface TrayDeadlines {
  /** "2 overdue · 1 due today"; null when nothing is. */
  readonly summary: string | null;
  /** Overdue first (longest overdue first), then due today. */
  readonly tasks: readonly TrayDeadlineTask[];
}

export interface DeadlineActions {
  setComplianceStatus(taskId: string, status: ComplianceStatus): void;
  /** Not relevant needs a reason the menu cannot ask for: the task opens where it can be given. */
  openComplianceTask(taskId: string): void;
}

/** Past this many, the menu points to the popup rather than growing. */
const MAX_DEADLINE_TASKS = 10;

/** What the tray shows of these tasks (the person's own), now, in their time zone. */
export function trayDeadlines(
  tasks: readonly { id: string; title: string; status: string; reviewDate: string | null }[],
  now: number,
  timeZone: string,
): TrayDeadlines {
  const due = tasks
    .map((t) => ({ t, d: deadlineOf(t, now, timeZone) }))
    .filter(({ d }) => d?.kind === 'overdue' || d?.kind === 'today')
    .sort((a, b) => (a.d?.days ?? 0) - (b.d?.days ?? 0) || a.t.title.localeCompare(b.t.title));
  return {
    summary: deadlineSummary(deadlineCounts(tasks, now, timeZone)),
    tasks: due.slice(0, MAX_DEADLINE_TASKS).map(({ t, d }) => ({
      id: t.id,
      title: t.title,
      status: t.status,
      due: d?.words ?? '',
    })),
  };
}

function deadlineTaskItem(
  task: TrayDeadlineTask,
  actions: DeadlineActions,
  label: (text: string) => string,
  canChange: boolean,
): MenuItemConstructorOptions {
  const known = isComplianceStatus(task.status) ? task.status : null;
  const submenu: MenuItemConstructorOptions[] = COMPLIANCE_STATUSES.map((option) =>
    option === 'not_relevant'
      ? {
          label: `${COMPLIANCE_STATUS_LABELS[option]}…`,
          enabled: canChange && option !== known,
          click: () => actions.openComplianceTask(task.id),
        }
      : {
          label: COMPLIANCE_STATUS_LABELS[option],
          type: known ? ('radio' as const) : ('normal' as const),
          checked: option === known,
          enabled: canChange,
          click: () => {
            if (option !== known) actions.setComplianceStatus(task.id, option);
          },
        },
  );
  submenu.push(
    { type: 'separator' },
    { label: 'Open…', click: () => actions.openComplianceTask(task.id) },
  );
  const status = known ? ` — ${COMPLIANCE_STATUS_LABELS[known]}` : '';
  return { label: label(`${menuText(task.title)} · ${task.due}${status}`), submenu };
}

/** The menu's deadlines part: nothing when nothing is due. */
export function deadlineItems(
  deadlines: TrayDeadlines | null | undefined,
  actions: DeadlineActions,
  label: (text: string) => string,
  canChange: boolean,
): MenuItemConstructorOptions[] {
  if (!deadlines?.summary) return [];
  return [
    { type: 'separator' },
    { label: deadlines.summary, enabled: false },
    ...deadlines.tasks.map((t) => deadlineTaskItem(t, actions, label, canChange)),
  ];
}
