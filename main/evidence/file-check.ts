import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_NAME } from '../../common/evidence';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { BLOCKED_EXTENSIONS, extensionOf, sniffType } from './file-type';
import { fileWords, promisedWords } from './evidence-words';

/** What file-probe.ts found at a path: the facts, no decision. */
export type FileProbe =
  | {
      readonly kind: 'file';
      readonly name: string;
      readonly size: number;
      readonly head: Uint8Array;
    }
  | { readonly kind: 'folder' | 'other' | 'missing'; readonly name: string }
  | { readonly kind: 'unreadable'; readonly name: string; readonly why: string };

/** A file fit to attach: its name, size and the type to declare. */
export interface CheckedFile {
  readonly name: string;
  readonly size: number;
  readonly mime: string;
}

const refuse = (message: string): Result<CheckedFile> => err(appError('bad_input', message));

/**
 * Whether a file may be attached, and as what: a regular, readable file of
 * 1 byte to 100 MB, whose type the service takes. Pure: every refusal names
 * the file and says what to do.
 */
export const checkFile = (probe: FileProbe): Result<CheckedFile> => {
  const { name } = probe;
  switch (probe.kind) {
    case 'folder':
      return refuse(fileWords.folder(name));
    case 'other':
      return refuse(fileWords.notAFile(name));
    case 'missing':
      return refuse(fileWords.missing(name));
    case 'unreadable':
      return refuse(fileWords.unreadable(name, probe.why));
    case 'file':
      break;
  }
  if (name.trim() === '' || name.length > MAX_EVIDENCE_NAME)
    return refuse(fileWords.nameTooLong(name));
  if (probe.size === 0) return refuse(fileWords.empty(name));
  if (probe.size > MAX_EVIDENCE_BYTES) return refuse(fileWords.tooBig(name, probe.size));
  const ext = extensionOf(name);
  if (BLOCKED_EXTENSIONS.has(ext)) return refuse(fileWords.blocked(name, ext));
  const type = sniffType(probe.head, name);
  if (!type.ok) return refuse(fileWords.notWhatItSays(name, promisedWords(type.promised)));
  return ok({ name: name.trim(), size: probe.size, mime: type.mime });
};
