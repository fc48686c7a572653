import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../../common/result';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { createServiceClient } from '../../../main/service/client';
import { demoClient, withDemoServer } from '../../helpers/demo';

/** The error of a result that must have failed; fails the test otherwise. */
const failure = <T>(r: Result<T>): AppError => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error;
};

describe('service client: what the service refuses', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!.id;
  const taskA = (i: number) => demo.server.taskIds(orgA())[i]!;

  it('401: says the key was rejected, and never repeats it', async () => {
    const wrongKey = `comp_${'ab'.repeat(32)}`;
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: wrongKey },
      fetch,
    });
    const results: Result<unknown>[] = [
      await client.getOrganization(),
      await client.updateTask(taskA(0), { status: 'done' }),
    ];
    for (const r of results) {
      const e = failure(r);
      expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
      expect(e.message).toMatch(/rejected the API key/);
      expect(e.message).toMatch(/Invalid or expired API key/);
      expect(e.message).not.toContain(wrongKey);
    }
  });

  it('401: tells a session user to sign in again', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: {
        kind: 'session',
        cookie: 'better-auth.session_token=expired123',
        organizationId: orgA(),
      },
      fetch,
    });
    const e = failure(await client.getOrganization());
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toMatch(/Sign in again/);
    expect(e.message).not.toContain('expired123');
  });

  it('401: a key used with another organization id is refused', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: {
        kind: 'api-key',
        apiKey: demo.server.keys.full,
        organizationId: demo.server.organizations[1]!.id,
      },
      fetch,
    });
    expect(failure(await client.getOrganization()).kind).toBe('unauthorized');
  });

  it('403 scope: says the key lacks the task permissions, and the task is untouched', async () => {
    const before = demo.server.getTask(orgA(), taskA(1));
    const e = failure(
      await demoClient(demo.server, 'noScope').updateTask(taskA(1), { status: 'done' }),
    );
    expect(e).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(e.message).toMatch(/lacks the task permissions/);
    expect(demo.server.getTask(orgA(), taskA(1))).toEqual(before);
  });

  it('403 origin: a fetch that adds a browser Origin is refused, with a message that names it', async () => {
    // As if a proxy or a browser-like fetch stamped an Origin on the request.
    const withOrigin: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          Origin: 'https://intranet.example',
        },
      });
    const before = demo.server.getTask(orgA(), taskA(1));
    const e = failure(
      await demoClient(demo.server, 'full', { fetch: withOrigin }).updateTask(taskA(1), {
        status: 'done',
      }),
    );
    expect(e).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(e.message).toMatch(/Origin/);
    expect(demo.server.getTask(orgA(), taskA(1))).toEqual(before);
  });

  it('404: no such task in this organization, naming the id', async () => {
    const e = failure(
      await demoClient(demo.server).updateTask('tski_doesnotexist1', { status: 'done' }),
    );
    expect(e).toMatchObject({ kind: 'not_found', status: 404 });
    expect(e.message).toMatch(/no task tski_doesnotexist1 in this organization/);
  });

  it("404: another organization's task looks absent, and stays as it was", async () => {
    const orgB = demo.server.organizations[1]!.id;
    const foreign = demo.server.taskIds(orgB)[0]!;
    const before = demo.server.getTask(orgB, foreign);
    const e = failure(
      await demoClient(demo.server, 'full').updateTask(foreign, { status: 'done' }),
    );
    expect(e.kind).toBe('not_found');
    expect(demo.server.getTask(orgB, foreign)).toEqual(before);
  });

  it.each([
    ['a deactivated member', 'mem_n4tom6b3ck'],
    ["another organization's member", 'mem_a2ken8s3ty'],
  ])("400: assigning %s shows the service's own message", async (_name, assigneeId) => {
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { assigneeId }));
    expect(e).toMatchObject({ kind: 'invalid', status: 400 });
    expect(e.message).toBe(
      'The service refused this change: Assignee is not a member of this organization.',
    );
  });

  it('400: a list of messages is shown joined', async () => {
    demo.server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['property colour should not exist', 'title should not be empty'],
      error: 'Bad Request',
    });
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { status: 'done' }));
    expect(e.kind).toBe('invalid');
    expect(e.message).toBe(
      'The service refused this change: property colour should not exist; title should not be empty.',
    );
  });

  it('500: a server problem, with its message and the status', async () => {
    demo.server.faults.failNext(500, 1, {
      statusCode: 500,
      message: 'Failed to update task item: database unavailable',
      error: 'Internal Server Error',
    });
    const e = failure(await demoClient(demo.server).updateTask(taskA(0), { status: 'done' }));
    expect(e).toMatchObject({ kind: 'server', status: 500 });
    expect(e.message).toMatch(/HTTP 500/);
    expect(e.message).toMatch(/database unavailable/);
  });

  it('502 with an HTML page: a server problem, without the HTML', async () => {
    demo.server.faults.failNext(502, 1, '<html><body><h1>502 Bad Gateway</h1></body></html>');
    const e = failure(await demoClient(demo.server).getOrganization());
    expect(e).toMatchObject({ kind: 'server', status: 502 });
    expect(e.message).not.toMatch(/<|html/i);
  });

  it('redacts a credential a misbehaving server echoes back', async () => {
    demo.server.faults.failNext(401, 1, {
      statusCode: 401,
      message: `Unknown key ${demo.server.keys.full}`,
    });
    const e = failure(await demoClient(demo.server).getOrganization());
    expect(e.message).not.toContain(demo.server.keys.full);
    expect(e.message).toContain('[redacted]');

    demo.server.faults.failNext(500, 1, { message: `session ${demo.server.session.token} broke` });
    const s = failure(await demoClient(demo.server, 'session').getOrganization());
    expect(s.message).not.toContain(demo.server.session.token);
  });
});

describe('service client: pacing', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: { limit: 1, windowMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('429: rate_limited with the wait from Retry-After, in the message too', async () => {
    const client = demoClient(server);
    expect((await client.getOrganization()).ok).toBe(true);
    const e = failure(await client.getOrganization());
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(e.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(e.message).toContain(`retry after ${(e.retryAfterMs ?? 0) / 1000} s`);
  });

  it('429 without Retry-After: still rate_limited, waiting out a whole window', async () => {
    server.faults.failNext(429, 1, {
      statusCode: 429,
      message: 'ThrottlerException: Too Many Requests',
    });
    const e = failure(await demoClient(server).getOrganization());
    expect(e).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000 });
  });
});
