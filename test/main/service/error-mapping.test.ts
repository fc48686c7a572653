import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../../../main/app/connection';
import { judgeReadFailure } from '../../../main/reads/read-availability';
import {
  DEFAULT_RETRY_AFTER_MS,
  errorFromFetchFailure,
  errorFromResponse,
  parseRetryAfter,
  serverText,
} from '../../../main/service/error-mapping';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ctx = {
  operation: 'updateTask' as const,
  authKind: 'api-key' as const,
  taskId: 'tski_abc',
  nowMs: NOW,
};
const answer = (
  status: number,
  bodyText = '',
  extra: { retryAfter?: string; contentType?: string } = {},
) => ({
  status,
  bodyText,
  retryAfter: extra.retryAfter ?? null,
  contentType: extra.contentType ?? null,
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', NOW)).toBe(0);
  });
  it('ignores what it cannot read, and caps what is absurd', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('999999999', NOW)).toBe(3_600_000);
  });
});

describe('serverText', () => {
  it("takes the service's message, joining a list", () => {
    expect(
      serverText(
        '{"statusCode":400,"message":["a","b"],"error":"Bad Request"}',
        'application/json',
      ),
    ).toBe('a; b');
    expect(serverText('{"statusCode":403,"message":"Forbidden"}', null)).toBe('Forbidden');
    expect(
      serverText('{"statusCode":500,"message":"","error":"Internal Server Error"}', null),
    ).toBe('Internal Server Error');
  });
  it('takes short plain text but not HTML pages, nor JSON of another shape', () => {
    expect(serverText('upstream connect error', 'text/plain')).toBe('upstream connect error');
    expect(serverText('<html><body>502</body></html>', 'text/html')).toBeUndefined();
    expect(serverText('<!DOCTYPE html><p>hi</p>', null)).toBeUndefined();
    expect(serverText('{"message": 12}', null)).toBeUndefined();
    expect(serverText('', null)).toBeUndefined();
  });
  it('shortens a very long message', () => {
    const t = serverText(JSON.stringify({ message: 'x'.repeat(5000) }), null) ?? '';
    expect(t.length).toBeLessThanOrEqual(301);
  });
});

describe('errorFromResponse', () => {
  it('401 for a key and for a session', () => {
    expect(errorFromResponse(answer(401), ctx).message).toMatch(/rejected the API key/);
    expect(errorFromResponse(answer(401), { ...ctx, authKind: 'session' }).message).toMatch(
      /Sign in again/,
    );
  });
  it('403: the scope message is told apart from a plain refusal', () => {
    const scope = errorFromResponse(
      answer(403, '{"message":"API key lacks required permission scope"}'),
      ctx,
    );
    expect(scope.message).toMatch(/lacks the task permissions/);
    const plain = errorFromResponse(answer(403, '{"statusCode":403,"message":"Forbidden"}'), ctx);
    expect(plain.kind).toBe('forbidden');
    expect(plain.message).toMatch(/Origin/);
  });
  it('403 for a missing scope names the four task scopes, and says "permission" for a session too', () => {
    const body = '{"message":"API key lacks required permission scope"}';
    expect(errorFromResponse(answer(403, body), ctx).message).toContain(
      'task:create, task:read, task:update, task:delete',
    );
    const session = errorFromResponse(answer(403, body), { ...ctx, authKind: 'session' });
    // The reads and the connection judge a missing permission by these words.
    expect(session.message).toMatch(/permission/);
    expect(judgeReadFailure('tasks', session)).toEqual({
      kind: 'scope',
      scopes: ['task:create', 'task:read', 'task:update', 'task:delete'],
    });
    expect(isConnectionError(session)).toBe(true);
    const org = errorFromResponse(answer(403, body), { ...ctx, operation: 'getOrganization' });
    expect(org.message).toMatch(/organization:read/);
    const noScopes = errorFromResponse(
      answer(
        403,
        '{"message":"This API key is no longer supported. Please regenerate your API key with explicit scopes."}',
      ),
      ctx,
    );
    expect(noScopes.message).toMatch(/made without scopes.*task:create/);
  });

  it('404 reads differently for a task and for the organization', () => {
    expect(errorFromResponse(answer(404), ctx).message).toMatch(
      /no task tski_abc in this organization/,
    );
    expect(
      errorFromResponse(answer(404), { ...ctx, operation: 'getOrganization' }).message,
    ).toMatch(/base URL/);
  });
  it('429 carries the wait; without a header, a whole window', () => {
    expect(errorFromResponse(answer(429, '', { retryAfter: '12' }), ctx)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 12_000,
      message: expect.stringContaining('retry after 12 s') as unknown,
    });
    expect(errorFromResponse(answer(429), ctx).retryAfterMs).toBe(DEFAULT_RETRY_AFTER_MS);
  });
  it.each([
    [400, 'invalid'],
    [409, 'invalid'],
    [413, 'invalid'],
    [422, 'invalid'],
    [500, 'server'],
    [503, 'server'],
    [301, 'bad_response'],
    [0, 'bad_response'],
    [418, 'bad_response'],
  ])('%i → %s', (status, kind) => {
    expect(errorFromResponse(answer(status), ctx)).toMatchObject({ kind });
  });
});

describe('errorFromFetchFailure', () => {
  const base = {
    operation: 'getOrganization' as const,
    timeoutMs: 15_000,
    host: 'api.example.com',
  };
  it('a timeout says how long it waited', () => {
    const e = errorFromFetchFailure(new DOMException('x', 'TimeoutError'), {
      ...base,
      timedOut: true,
    });
    expect(e).toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/within 15 s/) as unknown,
    });
  });
  it("finds the reason in Node's cause chain and in Electron's net:: messages", () => {
    const node = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
    });
    expect(errorFromFetchFailure(node, { ...base, timedOut: false }).message).toMatch(
      /api\.example\.com \(ENOTFOUND\)/,
    );
    const electron = new Error('net::ERR_INTERNET_DISCONNECTED');
    expect(errorFromFetchFailure(electron, { ...base, timedOut: false }).message).toMatch(
      /ERR_INTERNET_DISCONNECTED/,
    );
    expect(errorFromFetchFailure('???', { ...base, timedOut: false }).kind).toBe('network');
  });
});
