import { describeConnection } from '../../common/connection-model';
import type { MenuItemConstructorOptions } from 'electron';
import type { Organization } from '../../common/organization';
import { STATUS_LABELS, TASK_STATUSES, isTaskStatus } from '../../common/task';
import type { Task, TaskStatus } from '../../common/task';
import { PRIORITY_LABELS, TASK_PRIORITIES, isTaskPriority } from '../../common/task-values';
import type { TaskPriority } from '../../common/task-values';
import type {
  AccountStatus,
  AssignedView,
  ConnectionView,
  PinnedTaskView,
} from '../../common/views';
import type { UpdateAction } from '../../common/update-line';
import type { UpdateMenuItem } from '../update/update-text';
import { escapeMnemonics, menuText } from './menu-text';
import { deadlineItems } from './deadline-items';
import type { DeadlineActions, TrayDeadlines } from './deadline-items';

export interface TrayMenuState {
  readonly account: AccountStatus;
  readonly organization: Organization | null;
  readonly tasks: readonly PinnedTaskView[];
  readonly connection: ConnectionView;
  readonly launchAtLogin: boolean;
  /** The global shortcut that opens the popup, shown beside "Open Task Tray"; null when none is set. */
  readonly shortcut: string | null;
  /** The global shortcut of the quick entry, shown beside "New task…"; null when none is bound. */
  readonly newTaskShortcut?: string | null;
  readonly platform: NodeJS.Platform;
  /** "Assigned to me", where main gathers it. */
  readonly assigned?: AssignedView | null;
  /** What the updater has to say (main/update/update-text.ts); empty when nothing. */
  readonly update?: readonly UpdateMenuItem[];
  /** The person's compliance tasks overdue or due today, where the service has them. */
  readonly deadlines?: TrayDeadlines | null;
}

export interface TrayMenuActions extends DeadlineActions {
  setStatus(taskId: string, status: TaskStatus): void;
  setPriority(taskId: string, priority: TaskPriority): void;
  open(): void;
  openSettings(): void;
  /** Opens the popup on "Assigned to me". */
  openAssigned(): void;
  /** Opens the popup on the capture chooser: a screen, a window or a region, as evidence. */
  captureEvidence(): void;
  /** Opens the popup on the quick entry of a new task. */
  newTask(): void;
  setLaunchAtLogin(on: boolean): void;
  quit(): void;
  connect(): void;
  /** Shows another profile kept on this computer. */
  switchProfile(profileId: string): void;
  /** An update menu item was chosen. */
  performUpdate(action: UpdateAction): void;
}

/** Past this many tasks the menu stops growing and points to the popup instead. */
export const MAX_TRAY_TASKS = 20;

/** The status the person sees: an unconfirmed change wins over the last answer from the service. */
export function displayedStatus(task: PinnedTaskView): string | null {
  return task.pendingPatch?.status ?? task.snapshot?.status ?? null;
}

const SYNC_NOTES: Readonly<Record<PinnedTaskView['sync'], string>> = {
  idle: '',
  pending: ' · saving…',
  queued: ' · waiting to sync',
  failed: ' · not saved',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The line under the organization, said only when something is not fine: the
 * footer's words for the same cause (common/connection-model.ts), and how
 * many changes wait.
 */
export function connectionLine(
  connection: ConnectionView,
  authKind?: 'api-key' | 'session',
): string | null {
  const words = describeConnection(connection, authKind);
  // Signed out, the menu's first line already says "Not connected".
  if (connection.cause === 'signed-out') return null;
  if (connection.cause === 'online') return connection.pendingChanges > 0 ? words.label : null;
  const n = connection.pendingChanges;
  return n > 0 ? `${words.label} · ${plural(n, 'change waiting', 'changes waiting')}` : words.label;
}

function organizationItems(
  state: TrayMenuState,
  actions: TrayMenuActions,
  label: (text: string) => string,
): MenuItemConstructorOptions[] {
  const { account, organization } = state;
  if (account.state === 'signed-out') {
    return [
      { label: 'Not connected', enabled: false },
      { label: 'Connect…', click: () => actions.connect() },
    ];
  }
  const name = organization?.name || organization?.id || account.profile.label;
  const items: MenuItemConstructorOptions[] = [
    {
      label: label(account.profile.demo ? `${menuText(name)} (Demo)` : menuText(name)),
      enabled: false,
    },
  ];
  const line = connectionLine(state.connection, account.profile.authKind);
  if (line) items.push({ label: line, enabled: false });
  if (describeConnection(state.connection).action === 'reconnect')
    items.push({ label: 'Connect again…', click: () => actions.connect() });
  if (account.problem)
    items.push({ label: label(menuText(account.problem.message, 64)), enabled: false });
  return items;
}

function taskItem(
  task: PinnedTaskView,
  state: TrayMenuState,
  actions: TrayMenuActions,
  label: (text: string) => string,
): MenuItemConstructorOptions {
  const title = task.pendingPatch?.title ?? task.snapshot?.title ?? task.id;
  const status = displayedStatus(task);
  const known = isTaskStatus(status) ? status : null;
  const canChange = state.account.state === 'connected';
  const submenu: MenuItemConstructorOptions[] = [];
  if (task.error) {
    submenu.push({ label: label(menuText(task.error.message, 64)), enabled: false });
    submenu.push({ type: 'separator' });
  }
  if (status !== null && known === null) {
    submenu.push({ label: label(menuText(`Status on the service: ${status}`)), enabled: false });
  }
  for (const option of TASK_STATUSES) {
    submenu.push({
      label: STATUS_LABELS[option],
      // Radio marks need one checked item; when we do not know the status,
      // plain items keep GTK from ticking the first one on its own.
      type: known ? 'radio' : 'normal',
      checked: option === known,
      enabled: canChange,
      // Choosing the status it already has would still be an update on the service.
      click: () => {
        if (option !== known) actions.setStatus(task.id, option);
      },
    });
  }
  const priority = task.pendingPatch?.priority ?? task.snapshot?.priority ?? null;
  const knownPriority = isTaskPriority(priority) ? priority : null;
  submenu.push({ type: 'separator' });
  submenu.push({
    label: knownPriority ? `Priority: ${PRIORITY_LABELS[knownPriority]}` : 'Priority',
    enabled: canChange,
    submenu: TASK_PRIORITIES.map((option) => ({
      label: PRIORITY_LABELS[option],
      type: knownPriority ? ('radio' as const) : ('normal' as const),
      checked: option === knownPriority,
      click: () => {
        if (option !== knownPriority) actions.setPriority(task.id, option);
      },
    })),
  });
  const statusText = known ? ` — ${STATUS_LABELS[known]}` : '';
  return {
    label: label(`${menuText(title)}${statusText}${SYNC_NOTES[task.sync]}`),
    submenu,
  };
}

/**
 * Every profile kept on this computer, the shown one ticked: switching is
 * one click. Each says how many of its changes wait (they go out anyway).
 */
function profileItems(
  state: TrayMenuState,
  actions: TrayMenuActions,
  label: (text: string) => string,
): MenuItemConstructorOptions[] {
  const { account } = state;
  if (account.profiles.length < 2) return [];
  const shownId = account.state === 'connected' ? account.profile.id : null;
  const items: MenuItemConstructorOptions[] = [
    { type: 'separator' },
    { label: 'Accounts', enabled: false },
  ];
  for (const p of account.profiles) {
    const waiting = p.id === shownId ? 0 : (state.connection.waitingElsewhere?.[p.id] ?? 0);
    const notes = [
      waiting > 0 ? plural(waiting, 'change waiting', 'changes waiting') : null,
      p.hasSecret || p.demo ? null : 'connect again',
    ].filter((n) => n !== null);
    items.push({
      label: label(menuText(`${p.name}${notes.map((n) => ` · ${n}`).join('')}`)),
      type: 'radio',
      checked: p.id === shownId,
      click: () => {
        if (p.id !== shownId) actions.switchProfile(p.id);
      },
    });
  }
  return items;
}

/** A listed task as the menu shows it: pinned ones are in the pinned list with their state. */
const listedView = (task: Task): PinnedTaskView => ({
  id: task.id,
  ref: {},
  snapshot: task,
  pendingPatch: null,
  sync: 'idle',
  error: null,
  pinnedAt: '',
});

/**
 * "Assigned to me" as a submenu: each open task (not pinned already, those
 * are listed above) with its five statuses, and the way to the full view.
 */
function assignedItems(
  state: TrayMenuState,
  actions: TrayMenuActions,
  label: (text: string) => string,
): MenuItemConstructorOptions[] {
  const a = state.assigned;
  if (!a || a.state === 'unavailable') return [];
  const open = { label: 'Open Assigned to me…', click: () => actions.openAssigned() };
  if (a.state === 'needs-me')
    return [
      { type: 'separator' },
      { label: 'Assigned to me: say who you are…', click: open.click },
    ];
  const pinned = new Set(state.tasks.map((t) => t.id));
  const listed = a.tasks.filter((t) => !pinned.has(t.id));
  // Those beyond the list (a.more) are not pinned here: the list keeps every pinned one.
  const total = a.tasks.length + a.more;
  const unlisted = listed.length + a.more - MAX_TRAY_TASKS;
  const submenu: MenuItemConstructorOptions[] = listed
    .slice(0, MAX_TRAY_TASKS)
    .map((t) => taskItem(listedView(t), state, actions, label));
  if (total === 0)
    submenu.push({
      // Only a list read whole says there is nothing: a failed read (no access) says it failed.
      label:
        a.state === 'building'
          ? 'Finding your tasks…'
          : a.state === 'failed'
            ? 'Could not read them: open Assigned to me'
            : 'Nothing open is assigned to you',
      enabled: false,
    });
  else if (listed.length === 0 && a.more === 0)
    submenu.push({ label: 'All of them are pinned above', enabled: false });
  if (unlisted > 0)
    submenu.push({
      label: `${plural(unlisted, 'more task', 'more tasks')}…`,
      click: open.click,
    });
  submenu.push({ type: 'separator' }, open);
  return [
    { type: 'separator' },
    { label: `Assigned to me${total > 0 ? ` (${total})` : ''}`, submenu },
  ];
}

/**
 * The tray's context menu, from app state. On Linux it is the primary surface
 * (tray clicks are unreliable there), so everything the tray offers is in it:
 * the organization, each pinned task's status, the popup, settings, login
 * start, quit.
 */
export function buildTrayMenu(
  state: TrayMenuState,
  actions: TrayMenuActions,
): MenuItemConstructorOptions[] {
  const label = (text: string) => escapeMnemonics(text, state.platform);
  const items: MenuItemConstructorOptions[] = [
    ...organizationItems(state, actions, label),
    ...profileItems(state, actions, label),
  ];

  if (state.account.state === 'connected')
    items.push(
      ...deadlineItems(state.deadlines, actions, label, true),
      ...assignedItems(state, actions, label),
    );

  if (state.account.state === 'connected') {
    items.push({ type: 'separator' });
    if (state.tasks.length === 0) {
      items.push({ label: 'No pinned tasks: add one in Task Tray', enabled: false });
    }
    for (const task of state.tasks.slice(0, MAX_TRAY_TASKS)) {
      items.push(taskItem(task, state, actions, label));
    }
    if (state.tasks.length > MAX_TRAY_TASKS) {
      const more = state.tasks.length - MAX_TRAY_TASKS;
      items.push({
        label: `${plural(more, 'more task', 'more tasks')} in Task Tray…`,
        click: () => actions.open(),
      });
    }
  }

  items.push(
    { type: 'separator' },
    {
      label: 'Open Task Tray',
      click: () => actions.open(),
      // A hint only: the global shortcut is registered elsewhere, not by the menu.
      ...(state.shortcut ? { accelerator: state.shortcut, registerAccelerator: false } : {}),
    },
    ...(state.account.state === 'connected'
      ? [
          {
            label: 'New task…',
            click: () => actions.newTask(),
            ...(state.newTaskShortcut
              ? { accelerator: state.newTaskShortcut, registerAccelerator: false }
              : {}),
          },
          { label: 'Capture evidence…', click: () => actions.captureEvidence() },
        ]
      : []),
    { label: 'Settings…', click: () => actions.openSettings() },
    {
      label: 'Open at login',
      type: 'checkbox',
      checked: state.launchAtLogin,
      click: () => actions.setLaunchAtLogin(!state.launchAtLogin),
    },
  );
  const update = state.update ?? [];
  if (update.length > 0) {
    items.push({ type: 'separator' });
    for (const u of update) {
      const action = u.action;
      items.push({
        label: label(u.label),
        enabled: u.enabled,
        ...(action ? { click: () => actions.performUpdate(action) } : {}),
      });
    }
  }
  items.push({ type: 'separator' }, { label: 'Quit Task Tray', click: () => actions.quit() });
  return items;
}
