import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { createServiceClient } from '../../../main/service/client';
import { demoClient, withDemoServer } from '../../helpers/demo';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(`expected success, got: ${r.error.message}`);
  return r.value;
};

describe('service client: successes against the reference service', () => {
  const demo = withDemoServer();
  const orgA = () => demo.server.organizations[0]!.id;

  it('reads the organization with an API key, device fields under the neutral names', async () => {
    const org = must(await demoClient(demo.server, 'full').getOrganization());
    expect(org).toMatchObject({
      id: orgA(),
      name: 'Northwind Health',
      authType: 'api-key',
      deviceLabelId: 17,
      isDeviceSetupCompleted: true,
      hasAccess: true,
      primaryColor: '#0E7490',
      warnings: [],
    });
    expect(org.logoUrl).toMatch(/^https:\/\//);
    // Fields the app does not show are not kept (docs/ARCHITECTURE.md, invariant 8): nothing to save or send.
    expect((org as Record<string, unknown>)['advancedModeEnabled']).toBeUndefined();
  });

  it("reads the other organization, which uses the seed's field names and nulls", async () => {
    const org = must(await demoClient(demo.server, 'otherOrg').getOrganization());
    expect(org).toMatchObject({
      id: demo.server.organizations[1]!.id,
      deviceLabelId: null,
      isDeviceSetupCompleted: false,
      logo: null,
      website: null,
      metadata: 'customer since 2023; SSO pending',
    });
  });

  it('reads the organization with a web session', async () => {
    const org = must(await demoClient(demo.server, 'session').getOrganization());
    expect(org).toMatchObject({ id: orgA(), authType: 'session' });
  });

  it('reads a second organization of the session user, flagged as without access', async () => {
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: {
        kind: 'session',
        cookie: demo.server.session.cookie,
        organizationId: demo.server.organizations[2]!.id,
      },
      fetch,
    });
    const org = must(await client.getOrganization());
    expect(org).toMatchObject({ hasAccess: false, onboardingCompleted: false, primaryColor: null });
  });

  it('sends X-Organization-Id with a key when one is set, and the answer matches it', async () => {
    const before = demo.server.requestCount();
    const client = createServiceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: demo.server.keys.full, organizationId: orgA() },
      fetch,
    });
    expect(must(await client.getOrganization()).id).toBe(orgA());
    const [sent] = demo.server.requests().slice(before);
    expect(sent?.headerNames).toContain('x-organization-id');
  });

  it('updates a task with an API key and returns the task as the service now has it', async () => {
    const id = demo.server.taskIds(orgA())[0]!;
    const task = must(
      await demoClient(demo.server, 'full').updateTask(id, { status: 'in_review' }),
    );
    expect(task).toMatchObject({
      id,
      status: 'in_review',
      priority: 'high',
      entityType: 'vendor',
      warnings: [],
    });
    expect(demo.server.getTask(orgA(), id)?.status).toBe('in_review');
  });

  it('updates a task with a web session, attributed to the signed-in member', async () => {
    const id = demo.server.taskIds(orgA())[2]!;
    const task = must(
      await demoClient(demo.server, 'session').updateTask(id, {
        priority: 'low',
        title: 'Patch laptops',
      }),
    );
    expect(task).toMatchObject({ id, priority: 'low', title: 'Patch laptops' });
    expect(task.updatedBy?.user?.name).toBe('Maya Chen');
    expect(demo.server.getTask(orgA(), id)).toMatchObject({
      priority: 'low',
      title: 'Patch laptops',
    });
  });

  it('assigns and unassigns', async () => {
    const id = demo.server.taskIds(orgA())[1]!;
    const client = demoClient(demo.server);
    expect(must(await client.updateTask(id, { assigneeId: 'mem_n2dan4k8ro' })).assignee?.id).toBe(
      'mem_n2dan4k8ro',
    );
    expect(must(await client.updateTask(id, { assigneeId: null })).assignee).toBeNull();
    expect(demo.server.getTask(orgA(), id)?.assigneeId).toBeNull();
  });

  it('keeps every description form the service sends', async () => {
    const client = demoClient(demo.server);
    const ids = demo.server.taskIds(orgA());
    // [0] TipTap JSON string, [1] plain text, [2] null, [3] TipTap object.
    const descriptions = [];
    for (const i of [0, 1, 3])
      descriptions.push(must(await client.updateTask(ids[i]!, { priority: 'medium' })).description);
    expect(typeof descriptions[0]).toBe('string');
    expect(JSON.parse(descriptions[0] as string)).toMatchObject({ type: 'doc' });
    expect(descriptions[1]).toMatch(/^Legal flagged/);
    expect(descriptions[2]).toMatchObject({ type: 'doc', content: expect.any(Array) });
  });

  it('sends no Origin header, nor anything but the five fields', async () => {
    const before = demo.server.requestCount();
    const id = demo.server.taskIds(orgA())[4]!;
    must(await demoClient(demo.server).updateTask(id, { status: 'todo' }));
    const sent = demo.server.requests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: `/v1/task-management/${id}`,
      origin: null,
    });
    expect(sent[0]?.headerNames).not.toContain('origin');
  });

  it('asks the platform fetch to use no cookie jar, yet the session still works', async () => {
    // Electron's net.fetch would otherwise send and save the default session's cookies.
    const inits: RequestInit[] = [];
    const recording: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    };
    must(await demoClient(demo.server, 'session', { fetch: recording }).getOrganization());
    must(await demoClient(demo.server, 'full', { fetch: recording }).getOrganization());
    expect(inits).toHaveLength(2);
    for (const init of inits) expect(init).toMatchObject({ credentials: 'omit' });
  });
});

describe('service client: a base URL with a path prefix', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false, basePath: '/api' });
  });
  afterAll(() => server.close());

  it('keeps the prefix before /v1, with or without a trailing slash', async () => {
    for (const baseUrl of [server.baseUrl, `${server.baseUrl}/`]) {
      const org = await demoClient(server, 'full', { baseUrl }).getOrganization();
      expect(org.ok).toBe(true);
    }
    const id = server.taskIds(server.organizations[0]!.id)[0]!;
    expect((await demoClient(server).updateTask(id, { status: 'done' })).ok).toBe(true);
    expect(server.requests().every((r) => r.url.startsWith('/api/v1/'))).toBe(true);
  });

  it('says to check the base URL when the prefix is missing', async () => {
    const r = await demoClient(server, 'full', {
      baseUrl: new URL(server.baseUrl).origin,
    }).getOrganization();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('not_found');
    expect(r.error.message).toMatch(/base URL/);
  });
});
