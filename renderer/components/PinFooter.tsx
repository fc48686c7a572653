import { Suspense } from 'react';
import type { Result } from '../../common/result';
import type { ClipboardTaskRef, TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import type { Announcement } from '../hooks/use-announcement';
// The offer shows only when the clipboard holds a task link, read after the first paint anyway;
// an announcement only after a pin or an unpin: both are later parts.
import { ClipboardOffer, Notice } from './later';
import { PinForm } from './PinForm';

/**
 * Under the pinned list: what was just done, a task
 * link found on the clipboard, and the pin field. Hidden, not removed, in
 * select mode: a half-typed id in the pin field is kept.
 */
export function PinFooter(props: {
  readonly hidden: boolean;
  readonly announcement: Announcement | null;
  readonly onDismiss: () => void;
  /** Pins a task offered (the clipboard's), and announces it. */
  readonly pinOffered: (ref: TaskRef) => Promise<Result<PinnedTaskView>>;
  /** A task link on the clipboard, not pinned yet. */
  readonly offer: ClipboardTaskRef | null;
  readonly onDismissOffer: () => void;
  readonly form: Parameters<typeof PinForm>[0];
}) {
  const { announcement, offer, pinOffered } = props;
  return (
    <div className="tasks__footer" hidden={props.hidden}>
      <div role="status" className="announce">
        {announcement && (
          <Suspense fallback={null}>
            <Notice
              tone={announcement.tone}
              onDismiss={props.onDismiss}
              dismissLabel="Dismiss message"
            >
              <p>{announcement.text}</p>
            </Notice>
          </Suspense>
        )}
      </div>
      {offer && (
        <Suspense fallback={null}>
          <ClipboardOffer offer={offer} onPin={pinOffered} onDismiss={props.onDismissOffer} />
        </Suspense>
      )}
      <PinForm {...props.form} />
    </div>
  );
}
