import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../../common/bounds';
import { COMPLIANCE_BOUNDS } from '../../../common/compliance-task';
import { createComplianceClient } from '../../../main/service/compliance-client';
import { withDemoServer } from '../../helpers/demo';

/**
 * Whatever a service sends for compliance tasks is bounded before the app
 * keeps it (docs/ARCHITECTURE.md, invariant 8): a hostile or broken answer
 * costs a refused answer or a shortened text, never unbounded memory or a
 * task shown under another's id. Answers are forced on the reference service.
 */

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `tsk_hostile${i}`,
  title: `Task ${i}`,
  description: 'Collect it.',
  status: 'todo',
  frequency: 'monthly',
  department: 'it',
  reviewDate: '2026-12-01T00:00:00.000Z',
  assigneeId: null,
  approverId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('compliance client: hostile answers', () => {
  const demo = withDemoServer({ rateLimit: false });
  const client = () =>
    createComplianceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: demo.server.keys.full },
      fetch,
    });
  const listAnswering = async (body: unknown) => {
    demo.server.faults.failNext(200, 1, body);
    return client().list();
  };

  it('refuses a list longer than any organization has', async () => {
    const r = await listAnswering({
      data: Array.from({ length: COMPLIANCE_BOUNDS.tasks + 1 }, (_, i) => row(i)),
    });
    expect(r.ok || r.error.kind).toBe('bad_response');
  });

  it('refuses an answer far larger than a list, without keeping it', async () => {
    const r = await listAnswering({
      data: [row(1, { description: 'x'.repeat(13 * 1024 * 1024) })],
    });
    expect(r.ok || r.error.message).toMatch(/far larger/);
  });

  it('shortens long texts and drops what the app does not show', async () => {
    const r = await listAnswering({
      data: [
        row(1, {
          title: 't'.repeat(1_000_000),
          description: 'd'.repeat(1_000_000),
          department: 'p'.repeat(500),
          notRelevantJustification: 'j'.repeat(100_000),
          evidenceAutomations: Array.from({ length: 1000 }, (_, i) => ({
            id: `aut_${i}`,
            runs: [],
          })),
          status: 'archived_somehow',
        }),
      ],
    });
    if (!r.ok) throw new Error(r.error.message);
    const [task] = r.value.tasks;
    expect(task!.title.length).toBe(BOUNDS.title);
    expect(task!.description!.length).toBe(COMPLIANCE_BOUNDS.description);
    expect(task!.department!.length).toBe(64);
    expect(task!.notRelevantJustification!.length).toBe(COMPLIANCE_BOUNDS.justification);
    expect(task).not.toHaveProperty('evidenceAutomations');
    expect(task!.warnings).toEqual(['Unknown status "archived_somehow"']);
  });

  it('refuses ids, dates and controls no real answer has', async () => {
    for (const bad of [
      row(1, { id: 'tsk_' + 'a'.repeat(200) }),
      row(1, { id: 'tski_itemnotatask' }),
      row(1, { reviewDate: 'soon' }),
      row(1, { assigneeId: 'mem_<script>' }),
      row(1, { controls: Array.from({ length: 51 }, (_, i) => ({ id: `ctl_${i}`, name: 'c' })) }),
      row(1, { description: { type: 'doc', content: [] } }),
    ]) {
      const r = await listAnswering({ data: [bad] });
      expect(r.ok || r.error.kind, JSON.stringify(bad).slice(0, 80)).toBe('bad_response');
    }
    // The short shape a list has without includeRelations: no assignee or schedule to show.
    const short = await listAnswering({
      data: [
        {
          id: 'tsk_short1',
          title: 'T',
          description: '',
          status: 'todo',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
    });
    expect(short.ok || short.error.message).toMatch(
      /not a list of compliance tasks \(data\.0\.frequency/,
    );
    const html = await listAnswering('<html>Sign in to the proxy</html>');
    expect(html.ok || html.error.kind).toBe('bad_response');
  });

  it('never shows one task answer as another task', async () => {
    demo.server.faults.failNext(200, 1, row(2, { id: 'tsk_n4tabletop2exercise' }));
    const r = await client().get('tsk_n1access7review');
    expect(r.ok || r.error.message).toBe(
      'The service answered about a different task than tsk_n1access7review.',
    );
  });

  it('bounds an activity page and each row', async () => {
    const log = (i: number) => ({
      id: `aud_${i}`,
      timestamp: '2026-11-01T00:00:00.000Z',
      description: 'x'.repeat(10_000),
      data: { action: 'update', oldValue: { nested: 'object' }, taskTitle: 'y'.repeat(10_000) },
      user: { name: 'Maya', email: 'maya@example.com', role: 'user' },
    });
    demo.server.faults.failNext(200, 1, { logs: Array.from({ length: 51 }, (_, i) => log(i)) });
    const tooMany = await client().activity('tsk_n1access7review');
    expect(tooMany.ok || tooMany.error.kind).toBe('bad_response');
    demo.server.faults.failNext(200, 1, { logs: [log(1)], total: 1 });
    const one = await client().activity('tsk_n1access7review');
    if (!one.ok) throw new Error(one.error.message);
    expect(one.value.logs[0]!.description!.length).toBe(COMPLIANCE_BOUNDS.activityText);
    expect(one.value.logs[0]!.data).toEqual({ action: 'update' });
  });

  it('never repeats the key, even when the service echoes it in a refusal', async () => {
    const key = demo.server.keys.full;
    demo.server.faults.failNext(400, 1, {
      statusCode: 400,
      message: `Bad key ${key} for this task`,
    });
    const r = await client().patch('tsk_n1access7review', { title: 'Access review' });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain(key.slice(5, 13));
    expect(r.ok || r.error.message).toMatch(/^The service refused this change: Bad key/);
  });
});
