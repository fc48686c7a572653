import type { Api } from '../../common/ipc';
import type { Result } from '../../common/result';
import { isComplianceRef, parseTaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';

/** What PinForm hands over to pin what was typed in it. */
export interface PinTextDeps {
  readonly text: string;
  readonly pinnedIds: ReadonlySet<string>;
  readonly onPin: (ref: string) => Promise<Result<PinnedTaskView>>;
  readonly onPinned: (view: PinnedTaskView) => void;
  readonly onAlreadyPinned: (taskId: string) => void;
  readonly onStale?: () => void;
  /** A compliance task (`tsk_…`) is pinned through main's own channel, which then opens its view. */
  readonly api: Pick<Api, 'pinComplianceTask'>;
  readonly setText: (text: string) => void;
  readonly setError: (error: string | null) => void;
  readonly setBusy: (busy: boolean) => void;
}

/**
 * PinForm's submit: the text checked here first (the message says exactly
 * what is wrong), then main pins it. Loaded, with the link parser, when a
 * task is pinned or as the field is first used: not with the first screen.
 */
export async function pinText(d: PinTextDeps): Promise<void> {
  const parsed = parseTaskRef(d.text);
  if (!parsed.ok) {
    d.setError(parsed.error.message);
    return;
  }
  if (d.pinnedIds.has(parsed.value.taskId)) {
    d.setText('');
    d.setError(null);
    d.onAlreadyPinned(parsed.value.taskId);
    return;
  }
  d.setBusy(true);
  d.setError(null);
  if (isComplianceRef(parsed.value)) return pinCompliance(d);
  const r = await d.onPin(d.text.trim());
  d.setBusy(false);
  if (r.ok) {
    d.setText('');
    d.onPinned(r.value);
  } else {
    d.setError(r.error.message);
    d.onStale?.();
  }
}

/** A compliance task: pinned (main keeps it with the kept list), then main shows it in its own view. */
async function pinCompliance(d: PinTextDeps): Promise<void> {
  const r = await d.api.pinComplianceTask({ ref: d.text.trim(), open: true });
  d.setBusy(false);
  if (!r.ok) {
    d.setError(r.error.message);
    d.onStale?.();
    return;
  }
  d.setText('');
}
