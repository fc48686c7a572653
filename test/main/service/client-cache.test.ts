import { describe, expect, it } from 'vitest';
import { demoClient, withDemoServer } from '../../helpers/demo';

// Organization and task bodies carry member names and emails: none of them may
// land in Electron's disk cache (the profile folder), so no request may be cached.
describe('service client: nothing the service answers is cached', () => {
  const demo = withDemoServer();

  it('asks the platform fetch for no cache on reads and on changes', async () => {
    const inits: RequestInit[] = [];
    const recording: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    };
    const client = demoClient(demo.server, 'full', { fetch: recording });
    const before = demo.server.requestCount();
    expect((await client.getOrganization()).ok).toBe(true);
    const id = demo.server.taskIds(demo.server.organizations[0]!.id)[0]!;
    expect((await client.updateTask(id, { status: 'in_progress' })).ok).toBe(true);

    expect(inits).toHaveLength(2);
    for (const init of inits) expect((init as { cache?: unknown }).cache).toBe('no-store');
    // What the wire shows: a no-store fetch tells caches on the way not to answer from a copy
    // (the fetch standard adds these headers for "no-store"; the client sets neither itself).
    const sent = demo.server.requests().slice(before);
    expect(sent).toHaveLength(2);
    for (const r of sent)
      expect(r.headerNames).toEqual(expect.arrayContaining(['cache-control', 'pragma']));
  });
});
