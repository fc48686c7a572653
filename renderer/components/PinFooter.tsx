import { Suspense } from 'react';
import type { Result } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import type { Announcement } from '../hooks/use-announcement';
// The clipboard is looked at once the first screen has painted, an announcement shows only
// after a pin or an unpin: both are later parts.
import { ClipboardWatch, Notice } from './later';
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
  /** The first screen has painted: the clipboard may be looked at. */
  readonly watchClipboard: boolean;
  readonly form: Parameters<typeof PinForm>[0];
}) {
  const { announcement } = props;
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
      {props.watchClipboard && (
        <Suspense fallback={null}>
          <ClipboardWatch pinnedIds={props.form.pinnedIds} onPin={props.pinOffered} />
        </Suspense>
      )}
      <PinForm {...props.form} />
    </div>
  );
}
