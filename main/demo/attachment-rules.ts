/**
 * What the real service checks of POST /v1/tasks/{id}/attachments, with its
 * words (trycompai/comp apps/api/src/attachments/upload-attachment.dto.ts,
 * attachments.service.ts, utils/file-type-validation.ts,
 * utils/mime-type.validator.ts), in the order it checks them: the validation
 * pipe (every field's messages together), then the service's own checks.
 */

/** MAX_UPLOAD_BYTES (uploads/upload-limits.ts): 100 MiB decoded. */
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;
/** The base64 length of a MAX_UPLOAD_BYTES file: the DTO's cap on fileData. */
export const MAX_BASE64_LENGTH = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4;

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
/**
 * validator.js isBase64, not url-safe: padded groups of four. Told without
 * a regex over groups, whose backtracking overflows the stack on the base64
 * of a file of a few MB (a 100 MB file's is 140 MB).
 */
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
const isBase64 = (s: string): boolean => {
  if (s.length % 4 !== 0 || NOT_BASE64.test(s)) return false;
  const pad = s.indexOf('=');
  return pad === -1 || (pad >= s.length - 2 && (pad === s.length - 1 || s[s.length - 1] === '='));
};
const FIELDS = ['fileName', 'fileType', 'fileData', 's3Key', 'description', 'userId'];

const BLOCKED_EXTENSIONS = new Set(
  'exe bat cmd com scr msi js vbs vbe wsf wsh ps1 sh bash zsh dll sys drv app deb rpm jar pif lnk cpl hta reg'.split(
    ' ',
  ),
);
const BLOCKED_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-executable',
  'application/x-sh',
  'application/x-bat',
  'text/x-sh',
  'text/x-python',
  'text/x-perl',
  'text/x-ruby',
  'application/x-httpd-php',
  'application/x-javascript',
  'application/javascript',
  'text/javascript',
]);

export interface AttachmentBody {
  readonly fileName: string;
  readonly fileType: string;
  readonly fileData: string | undefined;
  readonly description: string | undefined;
  readonly userId: string | undefined;
}

type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly messages: string | readonly string[] };

const stringField = (
  messages: string[],
  name: string,
  value: unknown,
  opts: { optional?: boolean; max?: number; notEmpty?: boolean },
): void => {
  if (value === undefined || value === null) {
    if (opts.optional) return;
  }
  if (typeof value !== 'string') {
    messages.push(`${name} must be a string`);
    if (opts.notEmpty) messages.push(`${name} should not be empty`);
    return;
  }
  if (opts.max !== undefined && value.length > opts.max)
    messages.push(`${name} must be shorter than or equal to ${opts.max} characters`);
  if (opts.notEmpty && value === '') messages.push(`${name} should not be empty`);
};

/** The validation pipe: whitelist, forbidNonWhitelisted, then each decorator. */
export const validateAttachmentBody = (body: unknown): Checked<AttachmentBody> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, messages: ['an unknown value was passed to the validate function'] };
  const b = body as Record<string, unknown>;
  const messages: string[] = Object.keys(b)
    .filter((k) => !FIELDS.includes(k))
    .map((k) => `property ${k} should not exist`);
  // @Transform runs first: the name is trimmed, the type reduced to its bare lower-case form.
  const fileName = typeof b.fileName === 'string' ? b.fileName.trim() : b.fileName;
  const fileType =
    typeof b.fileType === 'string'
      ? (b.fileType.split(';')[0] ?? '').trim().toLowerCase()
      : b.fileType;
  stringField(messages, 'fileName', fileName, { max: 255, notEmpty: true });
  stringField(messages, 'fileType', fileType, { notEmpty: true });
  if (typeof fileType === 'string' && !MIME_TYPE.test(fileType))
    messages.push('Invalid MIME type format');
  stringField(messages, 'fileData', b.fileData, {
    optional: true,
    max: MAX_BASE64_LENGTH,
    notEmpty: true,
  });
  if (typeof b.fileData === 'string' && !isBase64(b.fileData))
    messages.push('fileData must be base64 encoded');
  stringField(messages, 'description', b.description, { optional: true, max: 500 });
  stringField(messages, 'userId', b.userId, { optional: true, notEmpty: true });
  if (messages.length > 0) return { ok: false, messages };
  return {
    ok: true,
    value: {
      fileName: fileName as string,
      fileType: fileType as string,
      fileData: b.fileData as string | undefined,
      description: b.description as string | undefined,
      userId: b.userId as string | undefined,
    },
  };
};

const CORRUPT = 'The uploaded file is invalid or corrupted. Please try again with a valid file.';
const MAGIC: Readonly<Record<string, readonly Buffer[]>> = {
  'image/png': [Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  'image/jpeg': [Buffer.from([0xff, 0xd8, 0xff])],
  'image/gif': [Buffer.from('GIF87a'), Buffer.from('GIF89a')],
  'application/zip': [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
};
const DANGEROUS = [
  /<script[\s>]/i,
  /<iframe[\s>]/i,
  /<object[\s>]/i,
  /<embed[\s>]/i,
  /(?:href|src|action|formaction|xlink:href|content|poster|background|data)\s*=\s*["']?\s*(?:java|vb)script:/i,
  /\bon(?:click|load|error|mouseover|focus|blur|submit|change|input|keydown|keyup|mousedown|mouseup|dblclick|contextmenu|drag|drop|touchstart|touchend|pointerdown|pointerup|animationend|abort|beforeunload|unload)\s*=/i,
];

/** validateFileContent: the declared type's magic bytes, else no script in the first 8 KB. */
const contentRefusal = (bytes: Buffer, type: string): string | null => {
  if (type === 'image/webp')
    return bytes.length >= 12 &&
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      ? null
      : CORRUPT;
  if (type === 'application/pdf') return bytes.subarray(0, 1024).includes('%PDF') ? null : CORRUPT;
  const signatures = MAGIC[type];
  if (signatures)
    return signatures.some((s) => bytes.subarray(0, s.length).equals(s)) ? null : CORRUPT;
  const head = bytes.subarray(0, 8192).toString('utf8');
  return DANGEROUS.some((p) => p.test(head)) ? CORRUPT : null;
};

/** The service's checks after the pipe; the decoded bytes when the file passes. */
export const checkAttachmentFile = (body: AttachmentBody, maxBytes: number): Checked<Buffer> => {
  const ext = body.fileName.split('.').pop()?.toLowerCase();
  if (ext && BLOCKED_EXTENSIONS.has(ext))
    return { ok: false, messages: `File extension '.${ext}' is not allowed for security reasons` };
  if (BLOCKED_TYPES.has(body.fileType))
    return {
      ok: false,
      messages: `File type '${body.fileType}' is not allowed for security reasons`,
    };
  if (body.fileData === undefined)
    return {
      ok: false,
      messages: 'Provide either fileData (base64) or s3Key from /v1/uploads/presign.',
    };
  const bytes = Buffer.from(body.fileData, 'base64');
  if (bytes.length > maxBytes)
    return {
      ok: false,
      messages: `File size exceeds maximum allowed size of ${maxBytes / (1024 * 1024)}MB`,
    };
  const refusal = contentRefusal(bytes, body.fileType);
  return refusal ? { ok: false, messages: refusal } : { ok: true, value: bytes };
};

/** mapFileTypeToAttachmentType: what the answer's `type` says. */
export const attachmentType = (fileType: string): string => {
  const kind = fileType.split('/')[0];
  if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
  return kind === 'application' || kind === 'text' ? 'document' : 'other';
};
