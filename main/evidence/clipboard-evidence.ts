import { fileURLToPath } from 'node:url';
import { MAX_EVIDENCE_FILES } from '../../common/evidence';

/**
 * What a paste in a compliance task's view attaches, decided from what the
 * clipboard holds (read by electron-clipboard-adapter.ts). Pure.
 *
 * Files copied in a file manager come as file URLs in a format of their
 * platform; such a copy often carries the file's icon as an image too, so
 * files win over an image. A screenshot or a copied picture is an image.
 */

/** The clipboard's formats that can name files, and its image as PNG. */
export interface ClipboardContent {
  /** text/uri-list (Linux, and what Chromium writes), one URL a line, `#` lines comments. */
  readonly uriList?: string;
  /** x-special/gnome-copied-files (GNOME, Xfce): "copy" or "cut", then one URL a line. */
  readonly gnomeFiles?: string;
  /** public.file-url (macOS): the first file copied in the Finder. */
  readonly macFileUrl?: string;
  /** FileNameW (Windows): the first file copied in Explorer, UTF-16, NUL-ended. */
  readonly windowsFileName?: Uint8Array;
  readonly png: Uint8Array | null;
}

export type ClipboardEvidence =
  | { readonly kind: 'files'; readonly paths: readonly string[] }
  | { readonly kind: 'image'; readonly png: Uint8Array }
  | { readonly kind: 'none' };

const pathOfUrl = (line: string): string | null => {
  const url = line.trim();
  if (!url.toLowerCase().startsWith('file:')) return null;
  try {
    return fileURLToPath(url);
  } catch {
    // A file URL of another machine (file://host/…) or malformed: not a file here.
    return null;
  }
};

const urlLines = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => pathOfUrl(l))
    .filter((p): p is string => p !== null);

const windowsPath = (bytes: Uint8Array | undefined): string[] => {
  if (!bytes || bytes.length < 4) return [];
  const text = Buffer.from(bytes).toString('utf16le').split('\0')[0] ?? '';
  // A drive path or a share: anything else is not a file name.
  return /^([A-Za-z]:\\|\\\\)/.test(text) ? [text] : [];
};

export function evidenceOnClipboard(c: ClipboardContent): ClipboardEvidence {
  const gnome = (c.gnomeFiles ?? '').split(/\r?\n/);
  const lists = [
    urlLines(gnome[0] === 'copy' || gnome[0] === 'cut' ? gnome.slice(1).join('\n') : ''),
    urlLines(c.uriList),
    urlLines(c.macFileUrl).slice(0, 1),
    windowsPath(c.windowsFileName),
  ];
  const paths = lists.find((l) => l.length > 0);
  if (paths) return { kind: 'files', paths: [...new Set(paths)] };
  if (c.png && c.png.length > 0) return { kind: 'image', png: c.png };
  return { kind: 'none' };
}

/** "Pasted image 2026-11-29 at 01.23.45.png", in local time, as screenshots are named. */
export function pastedImageName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}.${two(at.getMinutes())}.${two(at.getSeconds())}`;
  return `Pasted image ${day} at ${time}.png`;
}

export const pasteWords = {
  nothing:
    'The clipboard holds no file or image to attach. Copy a file in your file manager, or an image, then paste.',
  tooMany: (n: number) =>
    `The clipboard names ${n} files: attach at most ${MAX_EVIDENCE_FILES} at once.`,
  notHere: 'Pasting files is not available here: drop them on the task instead.',
};
