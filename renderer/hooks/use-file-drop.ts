import { useRef, useState } from 'react';
import type { DragEvent } from 'react';

/** Whether a drag carries files (from the file manager), not text or a link. */
export const carriesFiles = (e: DragEvent): boolean =>
  Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * A drop target for files: which target (a task id) the drag is over, for
 * its highlight, and the files once dropped. One set of handlers for a list:
 * `targetOf` finds the task under the pointer (a row, or the whole view).
 */
export function useFileDrop(
  targetOf: (el: EventTarget) => string | null,
  onDrop: (target: string, files: readonly File[]) => void,
) {
  const [over, setOver] = useState<string | null>(null);
  // dragenter/dragleave fire for every child crossed: count them, so the highlight does not flicker.
  const depth = useRef(0);
  const leaveAll = () => {
    depth.current = 0;
    setOver(null);
  };
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current += 1;
      setOver(targetOf(e.target));
    },
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      const target = targetOf(e.target);
      if (target === null) return;
      // Taking the drag: without this the drop goes to the page, which would open the file.
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      if (target !== over) setOver(target);
    },
    onDragLeave: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(null);
    },
    onDrop: (e: DragEvent) => {
      const target = targetOf(e.target);
      leaveAll();
      if (!carriesFiles(e) || target === null) return;
      e.preventDefault();
      onDrop(target, Array.from(e.dataTransfer.files));
    },
  };
  return { over, handlers };
}
