import type { IncomingMessage } from 'node:http';
// The error types electron-updater throws, from the copy it uses: the shapes are real.
import { createHttpError, HttpError, newError } from 'builder-util-runtime';
import { describe, expect, it } from 'vitest';
import {
  classifyUpdateError,
  MAX_LOGGED_ERROR,
  updateErrorLogLine,
} from '../../../main/update/update-error';
import type { UpdateProblem } from '../../../main/update/update-error';

const httpError = (statusCode: number, statusMessage: string) =>
  createHttpError({
    statusCode,
    statusMessage,
    headers: { 'x-ratelimit-remaining': '0', server: 'github.com' },
  } as unknown as IncomingMessage);

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('what an updater error means for the person', () => {
  it.each<[string, unknown, UpdateProblem]>([
    ['no network (Electron net)', new Error('net::ERR_INTERNET_DISCONNECTED'), 'offline'],
    ['DNS', systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND github.com'), 'offline'],
    ['connection reset', systemError('ECONNRESET', 'socket hang up'), 'offline'],
    [
      'no release yet',
      newError('No published versions on GitHub', 'ERR_UPDATER_NO_PUBLISHED_VERSIONS'),
      'unavailable',
    ],
    [
      'a release without latest.yml (halfway through publishing)',
      newError(
        'Cannot find latest-linux.yml in the latest release artifacts',
        'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
      ),
      'unavailable',
    ],
    ['a 404', httpError(404, 'Not Found'), 'unavailable'],
    ["GitHub's rate limit (403)", httpError(403, 'rate limit exceeded'), 'rate-limited'],
    ['429', new HttpError(429), 'rate-limited'],
    ['a 502', httpError(502, 'Bad Gateway'), 'server'],
    [
      'a damaged download',
      newError('sha512 checksum mismatch', 'ERR_CHECKSUM_MISMATCH'),
      'damaged',
    ],
    ['a full disk', systemError('ENOSPC', 'ENOSPC: no space left on device, write'), 'disk'],
    [
      'no permission to replace the AppImage',
      systemError('EACCES', 'EACCES: permission denied'),
      'disk',
    ],
    [
      'a Windows installer signed by someone else',
      newError(
        'New version 1.2.0 is not signed by the application owner: …',
        'ERR_UPDATER_INVALID_SIGNATURE',
      ),
      'not-ours',
    ],
    [
      'Squirrel.Mac on an unsigned app',
      new Error('Could not get code signature for running application'),
      'mac-unsigned',
    ],
    [
      'Squirrel.Mac on an ad-hoc signed app',
      new Error(
        'Code signature at URL file:///Users/ana/Library/Caches/com.tasktray.app.ShipIt/update.x/Task%20Tray.app/ did not pass validation: code failed to satisfy specified code requirement(s)',
      ),
      'mac-unsigned',
    ],
    ['anything else', new Error('Something odd'), 'other'],
    ['not even an Error', undefined, 'other'],
  ])('%s', (_name, error, problem) => {
    expect(classifyUpdateError(error)).toBe(problem);
  });
});

describe('the log line of an updater error', () => {
  it('keeps the first line and the code, and leaves out the headers that follow', () => {
    const line = updateErrorLogLine(httpError(403, 'rate limit exceeded'));
    expect(line).toBe('403 rate limit exceeded (HTTP_ERROR_403, HTTP 403)');
  });

  it('never carries a stack', () => {
    const failed = new Error('Cannot check for updates');
    const wrapped = newError(
      `Unable to find latest version on GitHub: ${failed.stack}`,
      'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
    );
    const line = updateErrorLogLine(wrapped);
    expect(line).not.toMatch(/\n|\s+at\s/);
    expect(line).toMatch(/ERR_UPDATER_LATEST_VERSION_NOT_FOUND/);
  });

  it('is cut short', () => {
    const line = updateErrorLogLine(new Error('x'.repeat(5000)));
    expect(line.length).toBe(MAX_LOGGED_ERROR);
    expect(line.endsWith('…')).toBe(true);
  });
});
