import { describe, expect, it } from 'vitest';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { withDemoServer } from '../../helpers/demo';
import { createAuditLog } from '../../../main/demo/audit-log';
import { createSampleData } from '../../../main/demo/sample-data';
import { createStore } from '../../../main/demo/store';

/**
 * GET /v1/audit-logs as the real controller answers it
 * (apps/api/src/audit/audit-log.controller.ts): scope app:read, newest first,
 * take clamped to 1–100, and task-item rows shaped as the real ones.
 */

const VENDOR = 'vnd_c8r2k6m0qt';

const get = async (server: DemoServer, key: string, query: string) => {
  const res = await fetch(`${server.baseUrl}/v1/audit-logs${query}`, {
    headers: { 'X-API-Key': key },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

const put = (server: DemoServer, key: string, taskId: string, body: unknown) =>
  fetch(`${server.baseUrl}/v1/task-management/${taskId}`, {
    method: 'PUT',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /v1/audit-logs', () => {
  const demo = withDemoServer();

  it('needs app:read: a key with every task scope but that one is refused', async () => {
    const { server } = demo;
    const refused = await get(server, server.keys.full, '?entityType=task');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('API key lacks required permission scope');
    expect((await get(server, server.keys.appRead, '?entityType=task')).status).toBe(200);
  });

  it('records each change of a task item, newest first, in two rows when made with a key', async () => {
    const { server } = demo;
    const [first, second] = server.taskIds(server.organizations[0]?.id ?? '');
    expect((await put(server, server.keys.colleague, first ?? '', { status: 'done' })).status).toBe(
      200,
    );
    expect((await put(server, server.keys.full, second ?? '', { title: 'Renamed' })).status).toBe(
      200,
    );
    const { status, json } = await get(server, server.keys.appRead, '?entityType=task&take=100');
    expect(status).toBe(200);
    const rows = json.data as Record<string, unknown>[];
    // The interceptor's row (no parent), then the task-item audit's, for each change.
    expect(rows.slice(0, 4).map((r) => r.entityId)).toEqual([second, second, first, first]);
    expect(rows[2]).toMatchObject({
      description: 'Updated task [via API key]',
      data: { action: 'Updated task', via: 'via API key', method: 'PUT' },
    });
    expect((rows[2]?.data as Record<string, unknown>).parentEntityId).toBeUndefined();
    const done = rows[3] as Record<string, unknown>;
    expect(done).toMatchObject({
      entityType: 'task',
      entityId: first,
      organizationId: server.organizations[0]?.id,
      memberId: 'mem_n2dan4k8ro',
      description: 'set status to done (via API key)',
      data: {
        action: 'updated',
        taskItemId: first,
        changes: ['set status to done'],
        parentEntityType: server.getTask(server.organizations[0]?.id ?? '', first ?? '')
          ?.entityType,
        parentEntityId: server.getTask(server.organizations[0]?.id ?? '', first ?? '')?.entityId,
      },
    });
    expect(typeof done.timestamp).toBe('string');
    expect(done.user).toMatchObject({ id: expect.stringMatching(/^usr_/) as unknown });
    expect(json.total).toBe(rows.length);
    expect(json.authType).toBe('api-key');
  });

  it('records creations and deletions made elsewhere, and filters by entity id', async () => {
    const { server } = demo;
    const id = server.createTask(server.keys.colleague, {
      entityId: VENDOR,
      entityType: 'vendor',
      title: 'Check the new contract',
    });
    expect(server.deleteTask(server.keys.colleague, id)).toBe(true);
    const { json } = await get(server, server.keys.appRead, `?entityType=task&entityId=${id}`);
    const rows = json.data as { description: string; data: Record<string, unknown> }[];
    expect(rows.map((r) => r.data.action)).toEqual([
      'Deleted task',
      'deleted',
      'Created task',
      'created',
    ]);
    expect(rows[3]?.description).toBe('Created task "Check the new contract" (via API key)');
    expect(rows[1]?.data.parentEntityId).toBe(VENDOR);
  });

  it('clamps take as the real one does: at most 100, a word is the default 50, never a 400', async () => {
    const server = await startDemoServer({ rateLimit: false });
    try {
      const [taskId] = server.taskIds(server.organizations[0]?.id ?? '');
      for (let i = 0; i < 60; i++)
        await put(server, server.keys.full, taskId ?? '', { priority: i % 2 ? 'low' : 'high' });
      const count = async (q: string) =>
        ((await get(server, server.keys.appRead, q)).json.data as unknown[]).length;
      expect(await count('?take=500')).toBe(100);
      expect(await count('?take=abc')).toBe(50);
      expect(await count('')).toBe(50);
      // Two rows a change made with a key: 120 in all.
      expect(await count('?take=3&offset=118')).toBe(2);
      // Another organization sees none of these.
      const other = await get(server, server.keys.otherOrg, '?entityType=task');
      expect(other.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('keeps a session change without its parent, as the real interceptor writes it', async () => {
    const { server } = demo;
    const [, , third] = server.taskIds(server.organizations[0]?.id ?? '');
    const res = await fetch(`${server.baseUrl}/v1/task-management/${third}`, {
      method: 'PUT',
      headers: {
        Cookie: server.session.cookie,
        'X-Organization-Id': server.session.organizationId,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ priority: 'urgent' }),
    });
    expect(res.status).toBe(200);
    const { json } = await get(server, server.keys.appRead, `?entityType=task&entityId=${third}`);
    const [row] = json.data as { description: string; data: Record<string, unknown> }[];
    expect(row?.description).toBe('Updated task');
    expect(row?.data).toMatchObject({ method: 'PUT', resource: 'task' });
    expect(row?.data.parentEntityId).toBeUndefined();
  });

  it('is absent from a service that offers only the interface', async () => {
    const server = await startDemoServer({ rateLimit: false, reads: false });
    try {
      expect((await get(server, server.keys.appRead, '?entityType=task')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('a demo left running for weeks stays small', () => {
  it('keeps the newest audit rows only, past its cap', async () => {
    const server = await startDemoServer({ rateLimit: false });
    try {
      const orgId = server.organizations[0]?.id ?? '';
      const store = createStore(createSampleData(new Date()));
      const audit = createAuditLog(store, 4);
      const task = server.getTask(orgId, server.taskIds(orgId)[0] ?? '');
      const context = {
        authType: 'session',
        actorMemberId: 'mem_n2dan4k8ro',
        organizationId: orgId,
      } as const;
      for (let i = 0; i < 6; i++)
        audit.record({
          action: 'updated',
          task: task!,
          context,
          update: { title: `t${i}` },
          at: `2026-11-28T10:00:0${i}.000Z`,
        });
      const page = audit.list(new URLSearchParams('take=100'), {
        ...context,
        scopes: null,
      } as never);
      const rows = (page.body as { data: { timestamp: string }[] }).data;
      expect(rows.map((r) => r.timestamp.slice(17, 19))).toEqual(['05', '04', '03', '02']);
    } finally {
      await server.close();
    }
  });

  it('keeps only the newest requests when asked, and still counts them all', async () => {
    const server = await startDemoServer({ rateLimit: false, keepRequests: 3 });
    try {
      for (let i = 0; i < 5; i++)
        await fetch(`${server.baseUrl}/v1/organization?n=${i}`, {
          headers: { 'X-API-Key': server.keys.full },
        });
      expect(server.requestCount()).toBe(5);
      expect(server.requests().map((r) => r.url)).toEqual(
        [2, 3, 4].map((i) => `/v1/organization?n=${i}`),
      );
    } finally {
      await server.close();
    }
  });
});
