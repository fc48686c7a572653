/**
 * electron-updater's errors, sorted into what they mean for the person. Its
 * messages are for developers: an HTTP error carries response headers, a
 * failed check a stack trace. They go to the log, cut short; what is shown is
 * our own sentence for the kind (update-text.ts).
 */

export type UpdateProblem =
  /** No connection, DNS, proxy, timeout: the connection line already says so. */
  | 'offline'
  /** The feed has no release or no update metadata yet (e.g. halfway through publishing). */
  | 'unavailable'
  /** GitHub refused for now (403 rate limit, 429). */
  | 'rate-limited'
  | 'server'
  /** The download did not match its checksum. */
  | 'damaged'
  /** No room or no permission where the update is kept or installed. */
  | 'disk'
  /** Windows: the downloaded installer is not signed by the publisher of this copy. */
  | 'not-ours'
  /** macOS: Squirrel.Mac refused for want of a Developer ID signature. */
  | 'mac-unsigned'
  | 'other';

const UNAVAILABLE_CODES = new Set([
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_NO_PUBLISHED_VERSIONS',
  'ERR_UPDATER_RELEASE_NOT_FOUND',
  'ERR_UPDATER_ASSET_NOT_FOUND',
  'ERR_UPDATER_INVALID_RELEASE_FEED',
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  'ERR_UPDATER_INVALID_VERSION',
  'ERR_UPDATER_NO_FILES_PROVIDED',
  'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
]);
const DAMAGED_CODES = new Set(['ERR_CHECKSUM_MISMATCH', 'ERR_UPDATER_NO_CHECKSUM']);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
]);
const DISK_CODES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EDQUOT']);
// Squirrel.Mac's words: no signature at all, or one the update does not satisfy.
const MAC_SIGNATURE =
  /could not get code signature for running application|did not pass validation|failed to satisfy specified code requirement/i;

interface ErrorFacts {
  readonly code: string;
  readonly statusCode: number | null;
  readonly message: string;
}

function factsOf(error: unknown): ErrorFacts {
  if (typeof error === 'string') return { code: '', statusCode: null, message: error };
  if (error === null || typeof error !== 'object') {
    return { code: '', statusCode: null, message: String(error) };
  }
  const e = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : '',
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : null,
    message: typeof e.message === 'string' ? e.message : '',
  };
}

export function classifyUpdateError(error: unknown): UpdateProblem {
  const { code, statusCode, message } = factsOf(error);
  if (MAC_SIGNATURE.test(message)) return 'mac-unsigned';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'not-ours';
  if (DAMAGED_CODES.has(code)) return 'damaged';
  if (UNAVAILABLE_CODES.has(code) || statusCode === 404) return 'unavailable';
  if (statusCode === 403 || statusCode === 429) return 'rate-limited';
  if (statusCode !== null && statusCode >= 500) return 'server';
  if (NETWORK_CODES.has(code) || /\bnet::ERR_[A-Z_]+/.test(message)) return 'offline';
  if (DISK_CODES.has(code)) return 'disk';
  return 'other';
}

/** Long enough for the cause, short of the headers and stacks that follow it. */
export const MAX_LOGGED_ERROR = 300;

/** The error's first line for the log: name, code and message, never the stack. */
export function updateErrorLogLine(error: unknown): string {
  const { code, statusCode, message } = factsOf(error);
  const first = message.split('\n', 1)[0]?.trim() ?? '';
  const tags = [code, statusCode === null ? '' : `HTTP ${statusCode}`].filter(Boolean).join(', ');
  const line = tags ? `${first} (${tags})` : first;
  return line.length > MAX_LOGGED_ERROR ? `${line.slice(0, MAX_LOGGED_ERROR - 1)}…` : line;
}
