import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../../common/result';
import { startDemoServer } from '../../../main/demo/server';
import { createServiceClient } from '../../../main/service/client';
import { demoClient, withDemoServer } from '../../helpers/demo';

const failure = <T>(r: Result<T>): AppError => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error;
};

describe('service client: the network and malformed answers', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!.id;
  const taskA = (i: number) => demo.server.taskIds(orgA())[i]!;

  it('timeout: an answer slower than timeoutMs is a timeout that says the change may have been saved', async () => {
    // Latency far above the timeout: the answer cannot come in time however busy the machine.
    demo.server.faults.latencyMs = 2_000;
    const client = demoClient(demo.server, 'full', { timeoutMs: 100 });
    const e = failure(await client.updateTask(taskA(1), { status: 'canceled' }));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/did not answer within 1 s/);
    expect(e.message).toMatch(/may or may not have been saved/);
  });

  it.each([
    ['with a Content-Length', {}],
    ['streamed with no length', { 'Transfer-Encoding': 'chunked' }],
  ])('an answer far larger than any task is refused, not read whole (%s)', async (_, headers) => {
    const huge = { id: taskA(0), title: 'x'.repeat(6 * 1024 * 1024) };
    demo.server.faults.failNext(200, 1, huge, headers);
    const e = failure(
      await demoClient(demo.server, 'full').updateTask(taskA(0), { status: 'done' }),
    );
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/far larger/);
    // The connection is still usable afterwards.
    expect((await demoClient(demo.server, 'full').getOrganization()).ok).toBe(true);
  });

  it('a small compressed answer that inflates far past any task is refused, not inflated whole', async () => {
    // 6 MB of JSON gzips to a few KB: its Content-Length says nothing about what it inflates to.
    const bomb = gzipSync(JSON.stringify({ id: taskA(0), title: 'x'.repeat(6 * 1024 * 1024) }));
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    demo.server.faults.failNext(200, 1, bomb, { 'Content-Encoding': 'gzip' });
    const e = failure(
      await demoClient(demo.server, 'full').updateTask(taskA(0), { status: 'done' }),
    );
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/far larger/);
  });

  it('a redirect that the platform fetch cancels (Electron under redirect: manual) is a redirect, not "offline"', async () => {
    // Electron's net.fetch rejects instead of returning the 3xx; the request never left for the new host.
    const electronLike: typeof fetch = async () => {
      throw new Error('Redirect was cancelled');
    };
    const e = failure(
      await demoClient(demo.server, 'full', { fetch: electronLike }).getOrganization(),
    );
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/redirected/);
  });

  it('an unusable timeoutMs falls back to the default instead of throwing', async () => {
    for (const timeoutMs of [Number.POSITIVE_INFINITY, Number.NaN, -1, 1e15]) {
      const r = await demoClient(demo.server, 'full', { timeoutMs }).getOrganization();
      expect(r.ok).toBe(true);
    }
  });

  it('timeout on a read', async () => {
    demo.server.faults.latencyMs = 400;
    expect(
      failure(await demoClient(demo.server, 'full', { timeoutMs: 50 }).getOrganization()).kind,
    ).toBe('timeout');
  });

  it('dropped connection: a network error naming the host', async () => {
    demo.server.faults.dropNext();
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { status: 'done' }));
    expect(e.kind).toBe('network');
    expect(e.message).toContain(new URL(demo.server.baseUrl).host);
    expect(demo.server.getTask(orgA(), taskA(0))?.status).not.toBe('done');
  });

  it('nothing listening: a network error with the reason', async () => {
    const gone = await startDemoServer();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const e = failure(
      await createServiceClient({
        baseUrl,
        auth: { kind: 'api-key', apiKey: 'comp_x' },
        fetch,
      }).getOrganization(),
    );
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/ECONNREFUSED/);
  });

  it('a task answer that fails the schema is bad_response, naming the field', async () => {
    demo.server.faults.failNext(200, 1, { id: taskA(0), title: 'x', status: 7 });
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { status: 'done' }));
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/not a task \(status:/);
  });

  it('an organization answer without an id is bad_response', async () => {
    demo.server.faults.failNext(200, 1, { name: 'Somebody' });
    const e = failure(await demoClient(demo.server).getOrganization());
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/not an organization \(id:/);
  });

  it('a success that is not JSON is bad_response', async () => {
    demo.server.faults.failNext(200, 1, '<!doctype html><title>Login</title>');
    expect(failure(await demoClient(demo.server).getOrganization()).kind).toBe('bad_response');
  });

  it('an answer about another task than the one asked for is bad_response', async () => {
    const [other] = demo.server.wireTasks(orgA()).slice(2);
    demo.server.faults.failNext(200, 1, other);
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { status: 'done' }));
    expect(e.kind).toBe('bad_response');
  });

  it('an organization other than the one asked for is refused, not shown', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: demo.server.keys.full, organizationId: orgA() },
      fetch,
    });
    // A service that ignores X-Organization-Id and answers for the key's own organization.
    demo.server.faults.failNext(200, 1, {
      id: 'org_elsewhere',
      name: 'Elsewhere',
      authType: 'api-key',
    });
    const e = failure(await client.getOrganization());
    expect(e.kind).toBe('forbidden');
    expect(e.message).toMatch(/belong to the organization Elsewhere \(org_elsewhere\), not org_/);
    // About the organization id the person typed: the connect form marks that field.
    expect(e.message).toMatch(/organization id/);
  });

  it('does not follow a redirect: the key must not travel elsewhere', async () => {
    const elsewhere = await startDemoServer({ rateLimit: false });
    try {
      demo.server.faults.failNext(302, 1, '', { Location: `${elsewhere.baseUrl}/v1/organization` });
      const e = failure(await demoClient(demo.server).getOrganization());
      expect(e.kind).toBe('bad_response');
      expect(e.message).toMatch(/redirected/);
      expect(elsewhere.requestCount()).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('service client: refused before sending', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!.id;
  const taskA = () => demo.server.taskIds(orgA())[0]!;

  /** Runs `act` and checks the server saw nothing. */
  const nothingSent = async <T>(act: () => Promise<Result<T>>): Promise<AppError> => {
    const before = demo.server.requestCount();
    const e = failure(await act());
    expect(demo.server.requestCount()).toBe(before);
    return e;
  };

  it.each([
    [
      'an unknown field',
      { status: 'done', colour: 'red' },
      /Only title, description, status, priority, assigneeId can be changed, not "colour"/,
    ],
    [
      'an unknown status',
      { status: 'finished' },
      /Status must be one of todo, in_progress, in_review, done, canceled/,
    ],
    [
      'an unknown priority',
      { priority: 'p1' },
      /Priority must be one of urgent, high, medium, low/,
    ],
    ['an empty title', { title: '   ' }, /A title cannot be empty/],
    ['a null title', { title: null }, /A title must be non-empty text/],
    ['a null status', { status: null }, /Status must be one of/],
    ['a null priority', { priority: null }, /Priority must be one of/],
    ['an empty assigneeId', { assigneeId: '' }, /An assignee is a member id/],
    [
      'a description that is not text',
      { description: { type: 'doc' } },
      /A description must be text/,
    ],
    ['nothing to change', {}, /Nothing to change/],
    ['only undefined fields', { title: undefined }, /Nothing to change/],
    ['not an object', 'done', /must be an object/],
  ])('%s', async (_name, patch, message) => {
    const e = await nothingSent(() => demoClient(demo.server).updateTask(taskA(), patch as never));
    expect(e.kind).toBe('bad_input');
    expect(e.message).toMatch(message);
  });

  it.each([
    ['a path', 'tski_abc/../../organization'],
    ['a query', 'tski_abc?x=1'],
    ['no prefix', 'abc123'],
    ['an empty string', ''],
    ['an encoded slash', 'tski_a%2Fb'],
  ])('a task id with %s', async (_name, id) => {
    const e = await nothingSent(() => demoClient(demo.server).updateTask(id, { status: 'done' }));
    expect(e.kind).toBe('bad_input');
    expect(e.message).toMatch(/is not a task id/);
  });

  it('a key that would break the header', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: 'comp_abc\r\nX-Evil: 1' },
      fetch,
    });
    const e = await nothingSent(() => client.getOrganization());
    expect(e.kind).toBe('bad_input');
    expect(e.message).not.toContain('comp_abc');
  });

  it('a session without its organization id', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'session', cookie: demo.server.session.cookie, organizationId: '' },
      fetch,
    });
    const e = await nothingSent(() => client.getOrganization());
    expect(e.message).toMatch(/organization id/);
  });

  it.each([
    ['plain http to another host', 'http://api.example.com', /Use https/],
    ['not a URL', 'api example com', /not a web address/],
    ['credentials in it', 'https://user:pw@api.example.com', /user name and password/],
    ['a query', 'https://api.example.com/?x=1', /"\?…"/],
  ])(
    'a base URL with %s: construction does not throw, calls say why',
    async (_name, baseUrl, message) => {
      let calls = 0;
      const counting: typeof fetch = (...args) => {
        calls += 1;
        return fetch(...args);
      };
      const client = createServiceClient({
        baseUrl,
        auth: { kind: 'api-key', apiKey: 'comp_x' },
        fetch: counting,
      });
      const org = failure(await client.getOrganization());
      const task = failure(await client.updateTask('tski_abc', { status: 'done' }));
      for (const e of [org, task]) {
        expect(e.kind).toBe('bad_input');
        expect(e.message).toMatch(message);
      }
      expect(calls).toBe(0);
    },
  );
});
