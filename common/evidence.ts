/**
 * Evidence on compliance tasks (`tsk_…`): what the popup is shown of files
 * attached and on their way. Zod-free (the schemas are in ipc.ts).
 */

/** The service's largest file (MAX_UPLOAD_BYTES, 100 MiB). */
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
/** What may wait to upload, all files together (copies kept in the app's data folder). */
export const MAX_EVIDENCE_WAITING_BYTES = 1024 * 1024 * 1024;
/** Files one attach takes at once. */
export const MAX_EVIDENCE_FILES = 20;
/** The service's caps on a description and a file's name. */
export const MAX_EVIDENCE_DESCRIPTION = 500;
export const MAX_EVIDENCE_NAME = 255;

/** "12.4 MB", "850 KB", "3 bytes": decimal units, as file managers show sizes. */
export const sizeWords = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1).replace(/\.0$/, '')} GB`;
};

/** One file on its way: copied here, then sent. */
export interface EvidenceUpload {
  readonly id: string;
  readonly taskId: string;
  readonly name: string;
  readonly size: number;
  /** 0–100; never goes down, even when a send starts over after a failure. */
  readonly percent: number;
  /** uploading: on the wire now; waiting: queued (offline, backing off, signed out, its turn). */
  readonly state: 'uploading' | 'waiting';
}

/** A task's uploads together, as its view shows them ("Uploading 2 files… 40 %"). */
export interface EvidenceTaskUploads {
  readonly taskId: string;
  readonly files: readonly EvidenceUpload[];
  /** Over every file of this batch, those that landed included; never goes down. */
  readonly percent: number;
  readonly words: string;
}

/** A file the service refused (rolled back): why, in the service's words. */
export interface EvidenceRefusal {
  readonly id: string;
  readonly taskId: string;
  readonly name: string;
  readonly message: string;
}

export interface EvidenceUploadsView {
  readonly tasks: readonly EvidenceTaskUploads[];
  readonly refusals: readonly EvidenceRefusal[];
  /** Bytes waiting, all tasks together (the cap is MAX_EVIDENCE_WAITING_BYTES). */
  readonly waitingBytes: number;
}

/** What an attach answers: each file queued (copied, safe to delete) or refused before anything was kept. */
export interface EvidenceAttachAnswer {
  readonly queued: readonly EvidenceUpload[];
  readonly refused: readonly { readonly name: string; readonly message: string }[];
}

/** One attachment as the task view lists it. */
export interface EvidenceItem {
  readonly id: string;
  readonly name: string;
  /** image, document, video, audio or other, as the service says. */
  readonly type: string;
  /** Known for files attached from here (the service's list leaves it out). */
  readonly size: number | null;
  /** Who attached it, when known here ("you" for files attached from this app). */
  readonly by: string | null;
  readonly createdAt: string;
}

export interface EvidenceList {
  readonly taskId: string;
  readonly items: readonly EvidenceItem[];
}
