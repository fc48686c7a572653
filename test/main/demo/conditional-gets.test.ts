import { describe, expect, it } from 'vitest';
import { weakEtag } from '../../../main/demo/conditional';
import { startDemoServer } from '../../../main/demo/server';
import { withDemoServer } from '../../helpers/demo';

/**
 * ETag and 304 as the real service (Express's defaults) answers its lists.
 * fetch adds `Cache-Control: no-cache` to a request with If-None-Match unless
 * one is given, and Express then sends the body: a client that wants its 304
 * says `Cache-Control: max-age=0`, as these requests do.
 */
const REVALIDATE = { 'Cache-Control': 'max-age=0' };

const VENDOR = 'vnd_c8r2k6m0qt';
const LIST = `/v1/task-management?entityId=${VENDOR}&entityType=vendor&limit=100`;

describe('conditional GETs', () => {
  const demo = withDemoServer();

  it("gives a list Express's weak ETag and answers it back with a bodiless 304", async () => {
    const { server } = demo;
    const headers = { 'X-API-Key': server.keys.full };
    const first = await fetch(`${server.baseUrl}${LIST}`, { headers });
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toBe(weakEtag(body));
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);

    const again = await fetch(`${server.baseUrl}${LIST}`, {
      headers: { ...headers, ...REVALIDATE, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // A strong form of the same tag matches too (If-None-Match compares weakly).
    const strong = await fetch(`${server.baseUrl}${LIST}`, {
      headers: { ...headers, ...REVALIDATE, 'If-None-Match': etag.slice(2) },
    });
    expect(strong.status).toBe(304);

    // fetch's own no-cache (added when the caller names none) asks for the body.
    const bare = await fetch(`${server.baseUrl}${LIST}`, {
      headers: { ...headers, 'If-None-Match': etag },
    });
    expect(bare.status).toBe(200);
  });

  it('answers with the new body once the list changed', async () => {
    const { server } = demo;
    const headers = { 'X-API-Key': server.keys.full };
    const first = await fetch(`${server.baseUrl}${LIST}`, { headers });
    const etag = first.headers.get('etag') ?? '';
    const [task] = (JSON.parse(await first.text()) as { data: { id: string }[] }).data;
    await fetch(`${server.baseUrl}/v1/task-management/${task?.id}`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'in_review' }),
    });
    const after = await fetch(`${server.baseUrl}${LIST}`, {
      headers: { ...headers, ...REVALIDATE, 'If-None-Match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('never answers 304 to a change, or to a refusal', async () => {
    const { server } = demo;
    const refused = await fetch(`${server.baseUrl}/v1/vendors`, {
      headers: { 'X-API-Key': server.keys.noScope },
    });
    const tag = refused.headers.get('etag') ?? '';
    expect(refused.status).toBe(403);
    const again = await fetch(`${server.baseUrl}/v1/vendors`, {
      headers: { 'X-API-Key': server.keys.noScope, ...REVALIDATE, 'If-None-Match': tag },
    });
    expect(again.status).toBe(403);
  });

  it('counts a 304 against the rate limit', async () => {
    const server = await startDemoServer({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const headers = { 'X-API-Key': server.keys.full };
      const etag = (await fetch(`${server.baseUrl}/v1/vendors`, { headers })).headers.get('etag');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.baseUrl}/v1/vendors`, {
          headers: { ...headers, ...REVALIDATE, 'If-None-Match': etag ?? '' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([304, 304, 429]);
    } finally {
      await server.close();
    }
  });
});
