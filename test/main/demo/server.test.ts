import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { withDemoServer } from '../../helpers/demo';

/**
 * The reference service answered over real loopback HTTP with plain fetch, to
 * show it behaves as SERVICE.md says the real one does. The client's view of
 * the same outcomes is in test/main/service/.
 */

// Members of the sample data (see main/demo/sample-data.ts).
const ACTIVE_MEMBER_A = 'mem_n3pri9x1ma';
const DEACTIVATED_MEMBER_A = 'mem_n4tom6b3ck';
const MEMBER_OF_B = 'mem_a2ken8s3ty';

interface Answer {
  status: number;
  json: unknown;
  text: string;
  headers: Headers;
}

const call = async (
  server: DemoServer,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> => {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
};

const put = (
  server: DemoServer,
  taskId: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  call(server, `/v1/task-management/${taskId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.keys.full, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('reference service: organization and authentication', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!;
  const orgB = () => demo.server.organizations[1]!;
  const orgC = () => demo.server.organizations[2]!;

  it('answers an API key with its organization, under the real wire names for device fields', async () => {
    const r = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.full },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: orgA().id,
      name: 'Northwind Health',
      authType: 'api-key',
      fleetDmLabelId: 17,
      isFleetSetupCompleted: true,
      primaryColor: '#0E7490',
    });
    expect(r.json).not.toHaveProperty('deviceLabelId');
    expect((r.json as { logoUrl: string }).logoUrl).toMatch(/^https:\/\//);
  });

  it("answers the other organization's key with the seed's device-field names and its nulls", async () => {
    const r = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.otherOrg },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: orgB().id,
      deviceLabelId: null,
      isDeviceSetupCompleted: false,
      logo: null,
      website: null,
      metadata: 'customer since 2023; SSO pending',
    });
    expect(r.json).not.toHaveProperty('fleetDmLabelId');
  });

  it('accepts a matching X-Organization-Id with a key and refuses another organization', async () => {
    const same = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.full, 'X-Organization-Id': orgA().id },
    });
    expect(same.status).toBe(200);
    const other = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.full, 'X-Organization-Id': orgB().id },
    });
    expect(other.status).toBe(401);
    expect(other.json).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('takes the session as a cookie or as a Bearer token, and reports authType session', async () => {
    const { session } = demo.server;
    const byCookie = await call(demo.server, '/v1/organization', {
      headers: {
        Cookie: `theme=dark; ${session.cookie}`,
        'X-Organization-Id': session.organizationId,
      },
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.json).toMatchObject({ id: orgA().id, authType: 'session' });
    const byBearer = await call(demo.server, '/v1/organization', {
      headers: {
        Authorization: `Bearer ${session.token}`,
        'X-Organization-Id': session.organizationId,
      },
    });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json).toMatchObject({ authType: 'session' });
  });

  it('requires X-Organization-Id with a session, and membership of that organization', async () => {
    const { session } = demo.server;
    const missing = await call(demo.server, '/v1/organization', {
      headers: { Cookie: session.cookie },
    });
    expect(missing.status).toBe(401);
    expect((missing.json as { message: string }).message).toMatch(/X-Organization-Id/);

    const notMember = await call(demo.server, '/v1/organization', {
      headers: { Cookie: session.cookie, 'X-Organization-Id': orgB().id },
    });
    expect(notMember.status).toBe(401);

    const second = await call(demo.server, '/v1/organization', {
      headers: { Cookie: session.cookie, 'X-Organization-Id': orgC().id },
    });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      id: orgC().id,
      hasAccess: false,
      onboardingCompleted: false,
    });
  });

  it.each([
    ['no credentials', {}, /Authentication required/],
    ['a malformed key', { 'X-API-Key': 'not a key' }, /^Invalid API key format$/],
    ['an unknown key', { 'X-API-Key': `comp_${'0'.repeat(64)}` }, /^Invalid or expired API key$/],
    [
      'an unknown session',
      { Cookie: 'better-auth.session_token=nope', 'X-Organization-Id': 'org_x' },
      /^Invalid or expired session$/,
    ],
  ])('refuses %s with 401 and the real message', async (_name, headers, message) => {
    const r = await call(demo.server, '/v1/organization', { headers });
    expect(r.status).toBe(401);
    expect((r.json as { message: string }).message).toMatch(message);
  });

  it('lets a key without task scope read the organization but not update a task', async () => {
    const read = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.noScope },
    });
    expect(read.status).toBe(200);
    const taskId = demo.server.taskIds(orgA().id)[1]!;
    const before = demo.server.getTask(orgA().id, taskId);
    const write = await put(
      demo.server,
      taskId,
      { status: 'done' },
      { 'X-API-Key': demo.server.keys.noScope },
    );
    expect(write.status).toBe(403);
    expect(write.json).toEqual({
      statusCode: 403,
      message: 'API key lacks required permission scope',
      error: 'Forbidden',
    });
    expect(demo.server.getTask(orgA().id, taskId)).toEqual(before);
  });

  it('answers unknown routes with a 404 naming them', async () => {
    const r = await call(demo.server, '/v1/controls', {
      headers: { 'X-API-Key': demo.server.keys.full },
    });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ message: 'Cannot GET /v1/controls' });
  });

  it('interface-only, it answers the reads with 404 as a service without them does', async () => {
    const s = await startDemoServer({ reads: false });
    try {
      const r = await call(s, '/v1/task-management', { headers: { 'X-API-Key': s.keys.full } });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ message: 'Cannot GET /v1/task-management' });
    } finally {
      await s.close();
    }
  });
});

describe('reference service: updating a task', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!.id;
  const orgB = () => demo.server.organizations[1]!.id;
  const task = (i: number) => demo.server.taskIds(orgA())[i]!;

  it('applies a change and answers with the whole task, updatedBy the key’s member', async () => {
    const r = await put(demo.server, task(1), { status: 'in_review', priority: 'urgent' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: task(1),
      status: 'in_review',
      priority: 'urgent',
      entityType: 'vendor',
    });
    expect((r.json as { updatedBy: { id: string } }).updatedBy.id).toBe('mem_n1maya7q2c');
    expect(demo.server.getTask(orgA(), task(1))).toMatchObject({
      status: 'in_review',
      priority: 'urgent',
    });
  });

  it('counts an empty body as an update: updatedAt and updatedBy move', async () => {
    const id = task(2);
    const before = demo.server.getTask(orgA(), id)!;
    const r = await put(demo.server, id, {});
    expect(r.status).toBe(200);
    const after = demo.server.getTask(orgA(), id)!;
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(after.updatedById).toBe('mem_n1maya7q2c');
    expect(before.updatedById).not.toBe(after.updatedById);
    expect(after.status).toBe(before.status);
  });

  it('rejects unknown fields and wrong values with every message in a list', async () => {
    const before = demo.server.getTask(orgA(), task(0));
    const r = await put(demo.server, task(0), {
      status: 'finished',
      priority: 'p1',
      title: 5,
      colour: 'red',
    });
    expect(r.status).toBe(400);
    const body = r.json as { message: string[]; error: string; statusCode: number };
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toEqual(
      expect.arrayContaining([
        'property colour should not exist',
        'title must be a string',
        'status must be one of the following values: todo, in_progress, in_review, done, canceled',
        'priority must be one of the following values: urgent, high, medium, low',
      ]),
    );
    expect(demo.server.getTask(orgA(), task(0))).toEqual(before);
  });

  it('rejects an empty title with 400', async () => {
    const r = await put(demo.server, task(0), { title: '' });
    expect(r.status).toBe(400);
    expect((r.json as { message: string[] }).message).toEqual(['title should not be empty']);
  });

  it.each([['title'], ['status'], ['priority']])(
    'turns a null %s into a 500, as the real service does',
    async (field) => {
      const before = demo.server.getTask(orgA(), task(0));
      const r = await put(demo.server, task(0), { [field]: null });
      expect(r.status).toBe(500);
      expect(r.json).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
      expect(demo.server.getTask(orgA(), task(0))).toEqual(before);
    },
  );

  it('turns an empty assigneeId into a 500', async () => {
    const r = await put(demo.server, task(0), { assigneeId: '' });
    expect(r.status).toBe(500);
  });

  it.each([
    ['a deactivated member', DEACTIVATED_MEMBER_A],
    ["another organization's member", MEMBER_OF_B],
    ['an id that is nobody', 'mem_doesnotexist'],
  ])('refuses %s as assignee', async (_name, assigneeId) => {
    const r = await put(demo.server, task(0), { assigneeId });
    expect(r.status).toBe(400);
    expect((r.json as { message: string }).message).toBe(
      'Assignee is not a member of this organization',
    );
  });

  it('assigns an active member and unassigns with null', async () => {
    const assigned = await put(demo.server, task(3), { assigneeId: ACTIVE_MEMBER_A });
    expect(assigned.status).toBe(200);
    expect((assigned.json as { assignee: { id: string } }).assignee.id).toBe(ACTIVE_MEMBER_A);
    const cleared = await put(demo.server, task(3), { assigneeId: null });
    expect((cleared.json as { assignee: unknown }).assignee).toBeNull();
    expect(demo.server.getTask(orgA(), task(3))?.assigneeId).toBeNull();
  });

  it('stores an empty description as null', async () => {
    const r = await put(demo.server, task(3), { description: '' });
    expect((r.json as { description: unknown }).description).toBeNull();
  });

  it("answers 404 for another organization's task and leaves it alone", async () => {
    const foreign = demo.server.taskIds(orgB())[0]!;
    const before = demo.server.getTask(orgB(), foreign);
    const r = await put(demo.server, foreign, { status: 'done' });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ statusCode: 404, message: 'Task item not found', error: 'Not Found' });
    expect(demo.server.getTask(orgB(), foreign)).toEqual(before);
  });

  it('refuses a change carrying an untrusted Origin with 403, and does not apply it', async () => {
    const before = demo.server.getTask(orgA(), task(4));
    const r = await put(
      demo.server,
      task(4),
      { status: 'todo' },
      { Origin: 'https://attacker.example' },
    );
    expect(r.status).toBe(403);
    expect(demo.server.getTask(orgA(), task(4))).toEqual(before);
  });

  it('lets its own origin through, and any Origin on a read', async () => {
    const own = new URL(demo.server.baseUrl).origin;
    expect((await put(demo.server, task(4), {}, { Origin: own })).status).toBe(200);
    const read = await call(demo.server, '/v1/organization', {
      headers: { 'X-API-Key': demo.server.keys.full, Origin: 'https://attacker.example' },
    });
    expect(read.status).toBe(200);
  });

  it('answers a body that is not JSON with 400 and one too large with 413', async () => {
    expect((await put(demo.server, task(4), '{"status": "done"')).status).toBe(400);
    const huge = JSON.stringify({ description: 'x'.repeat(5 * 1024 * 1024) });
    expect((await put(demo.server, task(4), huge)).status).toBe(413);
  });

  it('updates through the session, attributed to the signed-in member', async () => {
    const { session } = demo.server;
    const r = await call(demo.server, `/v1/task-management/${task(1)}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Cookie: session.cookie,
        'X-Organization-Id': session.organizationId,
      },
      body: JSON.stringify({ status: 'done' }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'done', updatedBy: { id: 'mem_n1maya7q2c' } });
  });
});

describe('reference service: pacing, faults, prefix, log', () => {
  const servers: DemoServer[] = [];
  const start = async (...args: Parameters<typeof startDemoServer>) => {
    const s = await startDemoServer(...args);
    servers.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const org = (s: DemoServer) =>
    call(s, '/v1/organization', { headers: { 'X-API-Key': s.keys.full } });

  it('paces each client: past the limit it answers 429 with Retry-After in seconds', async () => {
    const s = await start({ rateLimit: { limit: 2, windowMs: 60_000 } });
    expect((await org(s)).status).toBe(200);
    expect((await org(s)).status).toBe(200);
    const third = await org(s);
    expect(third.status).toBe(429);
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('paces each route on its own, as the real throttler does: a busy list does not stop a change', async () => {
    const s = await start({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const [taskId] = s.taskIds(s.organizations[0]!.id);
    const put = (status: string) =>
      call(s, `/v1/task-management/${taskId!}`, {
        method: 'PUT',
        headers: { 'X-API-Key': s.keys.full, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    for (let i = 0; i < 3; i++) await org(s);
    expect((await org(s)).status).toBe(429);
    expect((await put('done')).status).toBe(200);
    expect((await put('todo')).status).toBe(200);
    // Every task's PUT is the same route: a third change in the window is refused.
    expect((await put('done')).status).toBe(429);
  });

  it('paces by default at 100 requests a window', async () => {
    const s = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await org(s)).status);
    expect(statuses.slice(0, 100).every((x) => x === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('forces a status for the next N requests, then behaves again', async () => {
    const s = await start({ rateLimit: false });
    s.faults.failNext(503, 2);
    expect((await org(s)).status).toBe(503);
    const second = await org(s);
    expect(second.status).toBe(503);
    expect(second.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect((await org(s)).status).toBe(200);
  });

  it('sends a forced body as given: JSON for values, text for strings', async () => {
    const s = await start({ rateLimit: false });
    s.faults.failNext(200, 1, { id: 42 });
    s.faults.failNext(502, 1, '<html>Bad gateway</html>');
    expect((await org(s)).json).toEqual({ id: 42 });
    const text = await org(s);
    expect(text.status).toBe(502);
    expect(text.text).toBe('<html>Bad gateway</html>');
  });

  it('drops a connection mid-request without carrying the request out', async () => {
    const s = await start({ rateLimit: false });
    const orgId = s.organizations[0]!.id;
    const id = s.taskIds(orgId)[0]!;
    const before = s.getTask(orgId, id);
    s.faults.dropNext();
    await expect(put(s, id, { status: 'done' })).rejects.toThrow();
    expect(s.getTask(orgId, id)).toEqual(before);
    expect((await put(s, id, { status: 'done' })).status).toBe(200);
  });

  it('still carries out a slow request whose client gave up', async () => {
    const s = await start({ rateLimit: false });
    const orgId = s.organizations[0]!.id;
    const id = s.taskIds(orgId)[1]!;
    s.faults.latencyMs = 300;
    const abort = new AbortController();
    const sent = fetch(`${s.baseUrl}/v1/task-management/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': s.keys.full },
      body: JSON.stringify({ status: 'canceled' }),
      signal: abort.signal,
    });
    // Give up only once the request has arrived, as a client timing out would.
    await vi.waitFor(() => expect(s.requestCount()).toBe(1));
    abort.abort();
    await expect(sent).rejects.toThrow();
    await vi.waitFor(() => expect(s.getTask(orgId, id)?.status).toBe('canceled'), {
      timeout: 5_000,
    });
  });

  it('serves under a path prefix, and nothing outside it', async () => {
    const s = await start({ rateLimit: false, basePath: '/api' });
    expect(s.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect((await org(s)).status).toBe(200);
    const outside = await fetch(`${new URL(s.baseUrl).origin}/v1/organization`, {
      headers: { 'X-API-Key': s.keys.full },
    });
    expect(outside.status).toBe(404);
  });

  it('counts and logs every request without keeping credential values', async () => {
    const s = await start({ rateLimit: false });
    s.faults.failNext(500);
    await org(s);
    await org(s);
    expect(s.requestCount()).toBe(2);
    const log = JSON.stringify(s.requests());
    expect(log).toContain('/v1/organization');
    expect(log).toContain('x-api-key');
    expect(log).not.toContain(s.keys.full);
  });

  it('makes new keys and a new session for every server', async () => {
    const a = await start();
    const b = await start();
    expect(a.keys.full).not.toBe(b.keys.full);
    expect(a.session.token).not.toBe(b.session.token);
    expect(a.keys.full).toMatch(/^comp_[0-9a-f]{64}$/);
    // One server's key means nothing to another.
    expect(
      (await call(b, '/v1/organization', { headers: { 'X-API-Key': a.keys.full } })).status,
    ).toBe(401);
  });

  it('refuses nonsense fault commands clearly', async () => {
    const s = await start();
    expect(() => s.faults.failNext(99)).toThrow(/HTTP status/);
    expect(() => s.faults.dropNext(0)).toThrow(/at least 1/);
  });
});
