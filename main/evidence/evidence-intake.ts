import { randomUUID } from 'node:crypto';
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_WAITING_BYTES } from '../../common/evidence';
import { checkFile } from './file-check';
import type { FileProbe } from './file-check';
import { HEAD_BYTES, probeFile } from './file-probe';
import { fileWords } from './evidence-words';
import type { EvidenceStore, QueuedFile } from './evidence-store';

/**
 * Files taken in for upload: each path checked (file-check.ts), copied into
 * the app's data folder and checked again as copied (the original may change
 * meanwhile: what is sent is what was checked). Nothing is listed yet: the
 * queue writes the list once for all of them, then answers.
 */

/** A file made here rather than read from a path: a capture of the screen, named by main. */
export interface MadeFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface IntakeRequest {
  readonly profileId: string;
  readonly taskId: string;
  readonly paths: readonly string[];
  /** Files made here: checked by the same rules (name, size, type) and kept the same way. */
  readonly made?: readonly MadeFile[];
  readonly description?: string;
  readonly memberId?: string;
}

export interface Intake {
  readonly added: QueuedFile[];
  readonly refused: { readonly name: string; readonly message: string }[];
}

export async function takeIn(
  store: EvidenceStore,
  req: IntakeRequest,
  waitingBytes: number,
  now: () => Date,
  probe: (path: string, name?: string) => Promise<FileProbe> = probeFile,
): Promise<Intake> {
  const added: QueuedFile[] = [];
  const refused: Intake['refused'] = [];
  let waiting = waitingBytes;
  const sources = [
    ...req.paths.map((path) => ({ path, made: null })),
    ...(req.made ?? []).map((made) => ({ path: null, made })),
  ];
  for (const { path, made } of sources) {
    const found: FileProbe = made
      ? {
          kind: 'file',
          name: made.name,
          size: made.bytes.length,
          head: made.bytes.subarray(0, HEAD_BYTES),
        }
      : await probe(path);
    const checked = checkFile(found);
    if (!checked.ok) {
      refused.push({ name: found.name, message: checked.error.message });
      continue;
    }
    const { name, size, mime } = checked.value;
    if (waiting + size > MAX_EVIDENCE_WAITING_BYTES) {
      refused.push({ name, message: fileWords.overCap(name, waiting) });
      continue;
    }
    const id = randomUUID();
    const copied = made ? await store.writeIn(made.bytes, id) : await store.copyIn(path, id);
    if (!copied.ok) {
      refused.push({ name, message: fileWords.notSaved(name, copied.error.message) });
      continue;
    }
    // The copy is what goes: checked as the original was, and the same kind of file.
    const again = checkFile(await probe(store.copyPath(id), name));
    const same = again.ok && again.value.mime === mime && copied.value <= MAX_EVIDENCE_BYTES;
    if (!same || waiting + copied.value > MAX_EVIDENCE_WAITING_BYTES) {
      await store.drop(id);
      refused.push({
        name,
        message: again.ok ? fileWords.changedWhileCopied(name) : again.error.message,
      });
      continue;
    }
    waiting += copied.value;
    added.push({
      id,
      profileId: req.profileId,
      taskId: req.taskId,
      name,
      mime,
      size: copied.value,
      ...(req.description ? { description: req.description } : {}),
      ...(req.memberId ? { memberId: req.memberId } : {}),
      addedAt: now().toISOString(),
    });
  }
  return { added, refused };
}
