import { STATUS_LABELS } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';
import type { AppError, Result } from '../../common/result';
import type { ConnectionState, TaskSyncState } from '../../common/views';

/** One task's outcome, of either kind: how its first attempt ended, or why it was not taken. */
export interface BulkOutcome {
  readonly taskId: string;
  readonly result: Result<{ readonly sync: TaskSyncState; readonly error?: AppError | null }>;
}

/** What a bulk change came to, in words: one line of counts, then each refusal's reason. */
export interface BulkSummary {
  readonly tone: 'good' | 'warning' | 'error';
  readonly text: string;
  /** One line per distinct reason, naming the tasks it refused (a few by title, the rest counted). */
  readonly refusals: readonly string[];
}

export const taskCount = (n: number): string => (n === 1 ? '1 task' : `${n} tasks`);

/** What a bulk change sets: a status, or anything else by its words ("High priority"). */
export type BulkTarget = TaskStatus | { readonly label: string };
const labelOf = (t: BulkTarget): string => (typeof t === 'string' ? STATUS_LABELS[t] : t.label);

/** "about 40 s left", "about 3 min left": the pace's estimate, never "0 s". */
const leftText = (seconds: number): string =>
  seconds < 90
    ? `about ${Math.max(1, Math.ceil(seconds))} s left`
    : `about ${Math.round(seconds / 60)} min left`;

/** "Setting 12 tasks to Done… 7/12", and "· about 40 s left" when main's pace says the rest waits. */
export const progressText = (
  target: BulkTarget,
  answered: number,
  total: number,
  waitSeconds?: number,
): string =>
  `Setting ${taskCount(total)} to ${labelOf(target)}… ${answered}/${total}${
    waitSeconds !== undefined && answered < total ? ` · ${leftText(waitSeconds)}` : ''
  }`;

/** Why queued changes wait, from the connection as main reports it; the notice above says more. */
const WAIT_REASONS: Partial<Record<ConnectionState, string>> = {
  offline: 'offline',
  error: 'service problem',
  unauthorized: 'paused until you reconnect',
};

/** Names a few tasks and counts the rest, so a refusal of 300 stays one line. */
const NAMED = 2;
const names = (titles: readonly string[]): string => {
  const named = titles.slice(0, NAMED).map((t) => `“${t}”`);
  const rest = titles.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(' and ');
};

export function summarizeBulk(input: {
  readonly status: BulkTarget;
  readonly outcomes: readonly BulkOutcome[];
  /** Selected tasks that already showed the status, so nothing was sent for them. */
  readonly skipped: number;
  /** Selected compliance tasks a change for task items only (a priority) left as they were. */
  readonly leftOut?: number;
  readonly titleOf: (taskId: string) => string;
  readonly connection: ConnectionState | null;
}): BulkSummary {
  const label = labelOf(input.status);
  let landed = 0;
  let queued = 0;
  let sending = 0;
  // Reason → titles, in the order met.
  const refused = new Map<string, string[]>();
  const refuse = (reason: string, taskId: string) =>
    refused.set(reason, [...(refused.get(reason) ?? []), input.titleOf(taskId)]);

  for (const { taskId, result } of input.outcomes) {
    if (!result.ok) refuse(result.error.message, taskId);
    else if (result.value.sync === 'idle') landed += 1;
    else if (result.value.sync === 'queued') queued += 1;
    else if (result.value.sync === 'failed')
      refuse(result.value.error?.message ?? 'The service refused the change.', taskId);
    else sending += 1;
  }
  const refusedCount = [...refused.values()].reduce((n, t) => n + t.length, 0);

  if (input.outcomes.length === 0 && input.skipped > 0 && !input.leftOut)
    return {
      tone: 'good',
      text:
        input.skipped === 1
          ? `It is already ${label}: nothing to send.`
          : `All ${input.skipped} are already ${label}: nothing to send.`,
      refusals: [],
    };

  const parts: string[] = [];
  if (landed) parts.push(`${landed} set to ${label}`);
  if (sending) parts.push(`${sending} still sending`);
  if (queued) {
    const why = input.connection ? WAIT_REASONS[input.connection] : undefined;
    parts.push(`${queued} queued${why ? ` (${why})` : ' to send later'}`);
  }
  if (refusedCount) parts.push(`${refusedCount} refused`);
  if (input.skipped) parts.push(`${input.skipped} already ${label}`);
  if (input.leftOut)
    parts.push(
      `${input.leftOut} compliance task${input.leftOut === 1 ? '' : 's'} left out (no priority)`,
    );

  return {
    tone: refusedCount ? 'error' : queued || sending ? 'warning' : 'good',
    text: parts.length ? `${parts.join(', ')}.` : 'Nothing was changed.',
    refusals: [...refused].map(([reason, titles]) => `${names(titles)}: ${reason}`),
  };
}
