import { displayText } from '../../common/display-text';
import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_WAITING_BYTES, sizeWords } from '../../common/evidence';

/** The words of evidence: a file refused here, a refusal of the service, a task's uploads. */

/** A file's name as words show it: no bidi or invisible characters to make it read as another. */
const shown = (name: string): string => displayText(name);

const MAX_MB = MAX_EVIDENCE_BYTES / (1024 * 1024);
const CAP_GB = MAX_EVIDENCE_WAITING_BYTES / (1024 * 1024 * 1024);

export const fileWords = {
  folder: (name: string) => `“${shown(name)}” is a folder: attach the files inside it instead.`,
  notAFile: (name: string) =>
    `“${shown(name)}” is not a regular file (a device, a pipe or a socket), so it cannot be attached.`,
  missing: (name: string) => `“${shown(name)}” is not there any more: it was moved or deleted.`,
  notLocal: (name: string) =>
    `“${shown(name)}” is not a file on this computer's own disks: copy it to a local folder and attach it from there.`,
  appOwn: (name: string) =>
    `“${shown(name)}” is one of Task Tray's own files: it is never attached.`,
  unreadable: (name: string, why: string) => `“${shown(name)}” could not be read (${why}).`,
  empty: (name: string) => `“${shown(name)}” is empty (0 bytes): there is nothing to attach.`,
  tooBig: (name: string, size: number) =>
    `“${shown(name)}” is ${sizeWords(size)}: the service takes files up to ${MAX_MB} MB.`,
  blocked: (name: string, ext: string) =>
    `“${shown(name)}” cannot be attached: the service refuses .${ext} files for security reasons.`,
  notWhatItSays: (name: string, promised: string) =>
    `“${shown(name)}” is named as ${promised} but its content is not one, so the service would refuse it.`,
  nameTooLong: (name: string) =>
    `“${name.slice(0, 40)}…” has a name over 255 characters: rename it, then attach it.`,
  changedWhileCopied: (name: string) =>
    `“${shown(name)}” changed while it was being copied: attach it again once it is saved.`,
  overCap: (name: string, waiting: number) =>
    `“${shown(name)}” was not queued: ${sizeWords(waiting)} of evidence already waits to upload, and at most ${CAP_GB} GB may wait. Let those finish first.`,
  notSaved: (name: string, why: string) =>
    `“${shown(name)}” could not be copied into Task Tray's data folder (${why}), so nothing was queued.`,
};

/** Names the scope when the key lacks it: only attaching is refused, the rest of the app works on. */
export const MISSING_EVIDENCE_SCOPE =
  'This API key may not attach evidence: it needs the evidence:create scope. Add it to the key in the web app (Settings → API keys), or sign in with the web app’s session; everything else works as before.';

export const NO_SESSION_ROLE =
  'Your role in this organization may not attach evidence: owners and admins can.';

export const NO_ONE_CHOSEN =
  'With an API key, the service needs to know who attaches evidence: choose yourself in “Assigned to me” first.';

/** A file the service kept failing on, given up so the rest can go. */
export const gaveUp = (name: string, tries: number, last: AppError): AppError =>
  appError(
    last.kind,
    `“${shown(name)}” failed to upload ${tries} times (${last.message}), so it was set aside for the files behind it. Attach it again to try once more.`,
  );

export const COPY_LOST = (name: string) =>
  `“${shown(name)}” was not uploaded: its copy in Task Tray's data folder is gone (removed outside the app).`;

const FILE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'application/pdf': 'a PDF',
};
export const promisedWords = (mime: string): string => FILE_TYPES[mime] ?? mime;

/** "Uploading 2 files… 40 %", "Waiting to upload 1 file (offline or signed out)". */
export const uploadsWords = (files: number, percent: number, uploading: boolean): string => {
  const what = `${files} ${files === 1 ? 'file' : 'files'}`;
  return uploading ? `Uploading ${what}… ${percent} %` : `Waiting to upload ${what}… ${percent} %`;
};
