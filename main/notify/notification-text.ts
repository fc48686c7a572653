import { clip } from '../../common/bounds';
import { isLocalTaskId } from '../../common/task-create';
import { displayText } from '../../common/display-text';
import type {
  AppNotification,
  ChangeRefused,
  ChangedByOther,
  NotificationTarget,
  NotifyContext,
  NotifyEvent,
  ReviewReminder,
} from './notify-events';

/**
 * The words of a notification, from the events it gathers. Built only from
 * task titles and ids, member names, profile labels and the service's
 * reasons (already redacted): nothing else is at hand here.
 */

/** A notification is read at a glance: a title longer than this is cut. */
export const TITLE_CHARS = 60;
/** The OS cuts a long body anyway, at a place it picks; cut here, where a reason still reads. */
export const BODY_CHARS = 240;
/** Titles named in a summary before "and N more". */
const NAMED = 3;

const oneLine = (text: string): string => displayText(text).replace(/\s+/g, ' ').trim();

/** A task as a notification names it: its title, or its id when it has none. */
export const taskName = (e: Pick<NotifyEvent, 'title' | 'taskId'>): string =>
  `“${clip(oneLine(e.title ?? '') || e.taskId, TITLE_CHARS)}”`;

/** "a", "a and b", "a, b and c". */
export const inWords = (parts: readonly string[]): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] as string}`;

/** The tasks by name, the first few and "N more". */
const named = (events: readonly NotifyEvent[]): string => {
  const names = events.map(taskName);
  if (names.length <= NAMED) return inWords(names);
  const shown = names.slice(0, NAMED - 1);
  return `${shown.join(', ')} and ${names.length - shown.length} more`;
};

/**
 * The profiles named after the title: none when everything is about the
 * profile the popup shows; otherwise every profile the events are about.
 */
const profileSuffix = (
  events: readonly NotifyEvent[],
  ctx: Pick<NotifyContext, 'shownProfileId' | 'profileLabel'>,
): string => {
  const ids = [...new Set(events.map((e) => e.profileId))];
  if (ids.every((id) => id === ctx.shownProfileId)) return '';
  const labels = ids.map(
    (id) => clip(oneLine(ctx.profileLabel(id) ?? ''), TITLE_CHARS) || 'another account',
  );
  return ` — ${inWords(labels)}`;
};

/** One task is clicked open; several open the popup. */
const targetOf = (events: readonly NotifyEvent[]): NotificationTarget | null => {
  const first = events[0];
  if (!first) return null;
  return events.every((e) => e.profileId === first.profileId && e.taskId === first.taskId)
    ? { profileId: first.profileId, taskId: first.taskId }
    : null;
};

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function landedText(events: readonly NotifyEvent[], more: boolean) {
  const n = events.length;
  if (n === 1 && !more)
    return {
      title: 'Change sent',
      body: `Your change to ${named(events)} waited until the service could be reached, and has now been sent.`,
    };
  return {
    title: `${n} ${more ? 'more ' : ''}${plural(n, 'change', 'changes')} sent`,
    body: `${plural(n, 'It', 'They')} waited until the service could be reached: ${named(events)}.`,
  };
}

function refusedText(events: readonly ChangeRefused[], more: boolean) {
  const n = events.length;
  const reasons = new Set(events.map((e) => oneLine(e.reason)));
  const why =
    reasons.size === 1
      ? [...reasons][0] || 'The service gave no reason.'
      : 'Open Task Tray to see why.';
  return {
    title:
      n === 1 && !more
        ? // A task made here (new_…) that the service refused was never made: no change of it.
          isLocalTaskId(events[0]?.taskId)
          ? 'New task not created'
          : 'Change refused'
        : `${n} ${more ? 'more ' : ''}${plural(n, 'change', 'changes')} refused`,
    body: `${named(events)}: ${why}`,
  };
}

function assignedText(events: readonly NotifyEvent[], more: boolean) {
  const n = events.length;
  return {
    title:
      n === 1 && !more
        ? 'Assigned to you'
        : `${n} ${more ? 'more ' : ''}${plural(n, 'task', 'tasks')} assigned to you`,
    body: named(events),
  };
}

function changedText(events: readonly ChangedByOther[], more: boolean) {
  const n = events.length;
  const first = events[0];
  if (n === 1 && !more && first) {
    const who = first.by ? oneLine(first.by) : 'Someone';
    return {
      title: `${taskName(first)} was changed`,
      body: `${who} changed ${inWords(first.fields.map(oneLine))}.`,
    };
  }
  const names = [...new Set(events.map((e) => (e.by ? oneLine(e.by) : null)))];
  const known = names.filter((x): x is string => x !== null);
  const who = inWords(names.includes(null) ? [...known, 'others'] : known);
  return {
    title: `${n} ${more ? 'more ' : ''}pinned ${plural(n, 'task', 'tasks')} changed`,
    body: `${named(events)}, by ${who || 'others'}.`,
  };
}

function reminderText(events: readonly ReviewReminder[], more: boolean) {
  const n = events.length;
  const first = events[0];
  if (n === 1 && !more && first) {
    const due = oneLine(first.due);
    return { title: due.charAt(0).toUpperCase() + due.slice(1), body: taskName(first) };
  }
  return {
    title: `${n} ${more ? 'more ' : ''}${plural(n, 'task', 'tasks')} due or overdue`,
    body: named(events),
  };
}

const isRefused = (e: NotifyEvent): e is ChangeRefused => e.kind === 'change-refused';
const isReminder = (e: NotifyEvent): e is ReviewReminder => e.kind === 'review-reminder';
const isChanged = (e: NotifyEvent): e is ChangedByOther => e.kind === 'changed-by-other';

/** Later events about a task replace earlier ones: a notification counts tasks, not attempts. */
export function latestPerTask<E extends NotifyEvent>(events: readonly E[]): E[] {
  const byTask = new Map<string, E>();
  for (const e of events) {
    const key = `${e.profileId}\n${e.taskId}`;
    byTask.delete(key);
    byTask.set(key, e);
  }
  return [...byTask.values()];
}

/**
 * The notification for events of one kind shown together. `more`: they are
 * what a burst left over after the notifications already shown for it.
 */
export function notificationFor(
  id: string,
  kind: NotifyEvent['kind'],
  gathered: readonly NotifyEvent[],
  ctx: Pick<NotifyContext, 'shownProfileId' | 'profileLabel'>,
  more: boolean,
): AppNotification | null {
  const events = latestPerTask(gathered.filter((e) => e.kind === kind));
  if (events.length === 0) return null;
  const text =
    kind === 'change-landed'
      ? landedText(events, more)
      : kind === 'change-refused'
        ? refusedText(events.filter(isRefused), more)
        : kind === 'assigned-to-me'
          ? assignedText(events, more)
          : kind === 'review-reminder'
            ? reminderText(events.filter(isReminder), more)
            : changedText(events.filter(isChanged), more);
  return {
    id,
    kind,
    title: text.title + profileSuffix(events, ctx),
    body: clip(text.body, BODY_CHARS),
    // A compliance task has no place in the popup yet: a reminder opens the popup itself.
    target: kind === 'review-reminder' ? null : targetOf(events),
    count: events.length,
  };
}
