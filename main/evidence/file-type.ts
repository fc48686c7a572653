/**
 * A file's MIME type from its first bytes and its name, as the service will
 * judge it (trycompai/comp utils/file-type-validation.ts checks PNG, JPEG,
 * GIF, WebP, PDF and ZIP against their magic bytes). Pure.
 */

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Types whose bytes say what they are; the name only refines a ZIP or an OLE file. */
const MAGIC: readonly (readonly [string, (head: Uint8Array) => boolean])[] = [
  ['image/png', (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47])],
  ['image/jpeg', (h) => startsWith(h, [0xff, 0xd8, 0xff])],
  ['image/gif', (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a'))],
  ['image/webp', (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8)],
  [
    'image/tiff',
    (h) => startsWith(h, [0x49, 0x49, 0x2a, 0]) || startsWith(h, [0x4d, 0x4d, 0, 0x2a]),
  ],
  ['application/zip', (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04])],
  [
    'application/x-ole-storage',
    (h) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  ],
  ['application/gzip', (h) => startsWith(h, [0x1f, 0x8b])],
  ['video/mp4', (h) => startsWith(h, ascii('ftyp'), 4)],
];

const ZIP_KINDS: Readonly<Record<string, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
const OLE_KINDS: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};
const TEXT_KINDS: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};
/** What a name promises that the bytes must keep: the service checks these. */
const CHECKED_BY_NAME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The extensions the service refuses (attachments.service.ts BLOCKED_EXTENSIONS). */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set(
  'exe bat cmd com scr msi js vbs vbe wsf wsh ps1 sh bash zsh dll sys drv app deb rpm jar pif lnk cpl hta reg'.split(
    ' ',
  ),
);

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Text: no NUL and valid UTF-8 (a sequence cut at the end of the head is allowed). */
const looksLikeText = (head: Uint8Array): boolean => {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.subarray(0, Math.max(0, head.length - 3)),
    );
    return true;
  } catch {
    return false;
  }
};

const hasPdfHeader = (head: Uint8Array): boolean =>
  Buffer.from(head.buffer, head.byteOffset, Math.min(1024, head.length)).includes('%PDF');

export type Sniffed =
  | { readonly ok: true; readonly mime: string }
  /** The name promises a type the service checks, and the bytes are not of it. */
  | { readonly ok: false; readonly promised: string };

/** The type to declare for a file with these first bytes (up to 8 KB) and this name. */
export const sniffType = (head: Uint8Array, name: string): Sniffed => {
  const ext = extensionOf(name);
  let mime =
    MAGIC.find(([, test]) => test(head))?.[0] ??
    (hasPdfHeader(head) ? 'application/pdf' : undefined);
  if (mime === 'application/zip') mime = ZIP_KINDS[ext] ?? mime;
  else if (mime === 'application/x-ole-storage')
    mime = OLE_KINDS[ext] ?? 'application/octet-stream';
  else if (mime === undefined)
    mime = looksLikeText(head) ? (TEXT_KINDS[ext] ?? 'text/plain') : 'application/octet-stream';
  const promised = CHECKED_BY_NAME[ext];
  return promised && promised !== mime ? { ok: false, promised } : { ok: true, mime };
};
