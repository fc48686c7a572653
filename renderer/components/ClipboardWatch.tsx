import type { TaskRef } from '../../common/task-ref';
import { useClipboardRef } from '../hooks/use-clipboard-ref';
import { ClipboardOffer } from './ClipboardOffer';

/**
 * Looks at the clipboard as the popup opens and each time it comes back,
 * and offers a task link found there unless it is pinned already. One of
 * the home screen's later parts, drawn once the first screen has painted:
 * the offer never held up the first paint, and its code need not either.
 */
export function ClipboardWatch(props: {
  readonly pinnedIds: ReadonlySet<string>;
  readonly onPin: (ref: TaskRef) => Promise<unknown>;
}) {
  const clip = useClipboardRef();
  const offer = clip.offer && !props.pinnedIds.has(clip.offer.ref.taskId) ? clip.offer : null;
  return offer ? (
    <ClipboardOffer offer={offer} onPin={props.onPin} onDismiss={clip.dismiss} />
  ) : null;
}
