import { describe, expect, it } from 'vitest';
import type { DemoServer } from '../../../main/demo/server';
import { withDemoServer } from '../../helpers/demo';

/**
 * POST /v1/task-management of the reference service over real loopback HTTP:
 * the real controller's validation messages and answers (SERVICE.md), the
 * acceptance of an entity id that names nothing, and the lost-answer fault.
 */

const VENDOR = 'vnd_c8r2k6m0qt';
const ACTIVE_MEMBER_A = 'mem_n3pri9x1ma';
const MEMBER_OF_B = 'mem_a2ken8s3ty';

const post = async (server: DemoServer, body: unknown, key = server.keys.full) => {
  const res = await fetch(`${server.baseUrl}/v1/task-management`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

const listed = async (server: DemoServer, entityId: string, entityType = 'vendor') => {
  const res = await fetch(
    `${server.baseUrl}/v1/task-management?entityId=${entityId}&entityType=${entityType}&limit=100`,
    { headers: { 'X-API-Key': server.keys.full } },
  );
  return ((await res.json()) as { data: { id: string; title: string }[] }).data;
};

describe('reference service: creating a task item', () => {
  const demo = withDemoServer();

  it('answers 201 with the new task, defaults filled, and lists it under its vendor', async () => {
    const r = await post(demo.server, {
      title: 'Read the new DPA',
      entityId: VENDOR,
      entityType: 'vendor',
      assigneeId: ACTIVE_MEMBER_A,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      title: 'Read the new DPA',
      status: 'todo',
      priority: 'medium',
      description: null,
      entityId: VENDOR,
      entityType: 'vendor',
      assignee: { id: ACTIVE_MEMBER_A },
    });
    expect(r.json.id).toMatch(/^tski_[a-z0-9]+$/);
    expect((await listed(demo.server, VENDOR)).map((t) => t.id)).toContain(r.json.id);
  });

  it('refuses a missing or empty title, a bad entity type and unknown fields with the pipe’s words', async () => {
    const empty = await post(demo.server, { title: '', entityId: VENDOR, entityType: 'vendor' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toEqual(['title should not be empty']);
    const bad = await post(demo.server, { entityId: '', entityType: 'team', tag: 1 });
    expect(bad.json.message).toEqual([
      'property tag should not exist',
      'title should not be empty',
      'title must be a string',
      'entityId should not be empty',
      'entityType must be one of the following values: vendor, risk',
    ]);
    const priority = await post(demo.server, {
      title: 'x',
      entityId: VENDOR,
      entityType: 'vendor',
      priority: 'soon',
    });
    expect(priority.json.message).toEqual([
      'priority must be one of the following values: urgent, high, medium, low',
    ]);
  });

  it('refuses an assignee of another organization, and a create without every task scope', async () => {
    const other = await post(demo.server, {
      title: 'x',
      entityId: VENDOR,
      entityType: 'vendor',
      assigneeId: MEMBER_OF_B,
    });
    expect(other).toMatchObject({
      status: 400,
      json: { message: 'Assignee is not a member of this organization' },
    });
    const scope = await post(
      demo.server,
      { title: 'x', entityId: VENDOR, entityType: 'vendor' },
      demo.server.keys.noScope,
    );
    expect(scope.status).toBe(403);
  });

  it('accepts an entity id that names nothing: an orphan no list shows', async () => {
    const r = await post(demo.server, {
      title: 'Orphan',
      entityId: 'vnd_nope',
      entityType: 'vendor',
    });
    expect(r.status).toBe(201);
    expect(r.json.entityId).toBe('vnd_nope');
  });

  it('carries out a create whose answer it then loses', async () => {
    demo.server.faults.loseAnswerNext();
    const sent = fetch(`${demo.server.baseUrl}/v1/task-management`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': demo.server.keys.full },
      body: JSON.stringify({ title: 'Lost answer', entityId: VENDOR, entityType: 'vendor' }),
    });
    await expect(sent).rejects.toThrow();
    expect(
      (await listed(demo.server, VENDOR)).filter((t) => t.title === 'Lost answer'),
    ).toHaveLength(1);
  });
});
