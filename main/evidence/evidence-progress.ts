import type { EvidenceTaskUploads, EvidenceUpload } from '../../common/evidence';
import { uploadsWords } from './evidence-words';
import type { QueuedFile } from './evidence-store';

/**
 * How far each task's uploads are, as the person sees it: a file's percent
 * and its task's never go down — a send that fails and starts over counts
 * from where it was shown, and a file that lands still counts in its task's
 * batch until the task has none left. Pure bookkeeping; the queue feeds it.
 */
export function createEvidenceProgress() {
  /** The most of each file handed to the wire in any attempt. */
  const sent = new Map<string, number>();
  const shownFile = new Map<string, number>();
  /** Per task: what already left the queue in this batch, and the percent last shown. */
  const batches = new Map<string, { doneBytes: number; doneFiles: number; shown: number }>();
  const key = (f: Pick<QueuedFile, 'profileId' | 'taskId'>) => `${f.profileId} ${f.taskId}`;

  const filePercent = (f: QueuedFile): number => {
    // 99 until the service answers: the bytes are out, the file is not attached yet.
    const now = Math.min(99, Math.floor((100 * (sent.get(f.id) ?? 0)) / f.size));
    const shown = Math.max(now, shownFile.get(f.id) ?? 0);
    shownFile.set(f.id, shown);
    return shown;
  };

  return {
    /** Bytes of a file handed to fetch in the current attempt. */
    progressed(id: string, bytes: number): void {
      sent.set(id, Math.max(bytes, sent.get(id) ?? 0));
    },

    /** A file left the queue (landed or given up): it counts as done in its task's batch. */
    left(file: QueuedFile): void {
      const b = batches.get(key(file)) ?? { doneBytes: 0, doneFiles: 0, shown: 0 };
      batches.set(key(file), {
        ...b,
        doneBytes: b.doneBytes + file.size,
        doneFiles: b.doneFiles + 1,
      });
      sent.delete(file.id);
      shownFile.delete(file.id);
    },

    /** Each task's uploads of one profile; a task with none left ends its batch. */
    view(
      files: readonly QueuedFile[],
      profileId: string | null,
      uploadingId: string | null,
    ): EvidenceTaskUploads[] {
      const byTask = new Map<string, QueuedFile[]>();
      for (const f of files) byTask.set(key(f), [...(byTask.get(key(f)) ?? []), f]);
      for (const k of [...batches.keys()]) if (!byTask.has(k)) batches.delete(k);
      const out: EvidenceTaskUploads[] = [];
      for (const [k, list] of byTask) {
        const first = list[0];
        if (!first || first.profileId !== profileId) continue;
        const uploads: EvidenceUpload[] = list.map((f) => ({
          id: f.id,
          taskId: f.taskId,
          name: f.name,
          size: f.size,
          percent: filePercent(f),
          state: f.id === uploadingId ? 'uploading' : 'waiting',
        }));
        const b = batches.get(k) ?? { doneBytes: 0, doneFiles: 0, shown: 0 };
        const total = b.doneBytes + list.reduce((n, f) => n + f.size, 0);
        const done = b.doneBytes + list.reduce((n, f) => n + (sent.get(f.id) ?? 0), 0);
        const percent = Math.max(b.shown, Math.min(99, Math.floor((100 * done) / total)));
        batches.set(k, { ...b, shown: percent });
        out.push({
          taskId: first.taskId,
          files: uploads,
          percent,
          words: uploadsWords(
            list.length,
            percent,
            uploads.some((u) => u.state === 'uploading'),
          ),
        });
      }
      return out;
    },
  };
}

export type EvidenceProgress = ReturnType<typeof createEvidenceProgress>;
