import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { complianceCall } from '../../helpers/compliance-calls';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty } from '../../helpers/wait-for';

/**
 * A bulk change of compliance tasks (updateComplianceTasks) over the
 * reference service: each task through the outbox as one change goes, each
 * with its own outcome, a refusal of one leaving the others.
 */

const gate = await keychainGate();
const ACCESS_REVIEW = 'tsk_n1access7review'; // todo
const BACKUP = 'tsk_n2backup4restore'; // todo, overdue
const TABLETOP = 'tsk_n4tabletop2exercise'; // todo
const VENDORS = 'tsk_n5vendor6assess'; // in review: refused

describe.skipIf(gate.skip)('bulk changes of compliance tasks', () => {
  const tempDir = useTempDirs('task-tray-compliance-bulk-');
  const service = uniqueTestService();
  let server: DemoServer;
  let wire: ObservedFetch;
  const harnesses: CoreHarness[] = [];

  beforeEach(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    server.faults.onlyFor = /^PATCH /;
    wire = observedFetch();
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const connect = async () => {
    const h = createCoreHarness(await tempDir(), service, {
      fetch: wire.fetch,
      outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    return h;
  };
  const statusOf = async (id: string) =>
    (await complianceCall(server, 'key', 'GET', `/v1/tasks/${id}`)).json.status as string;
  const patches = () => wire.requests.filter((r) => r.method === 'PATCH');

  it('sets one status on several tasks, one PATCH each; a task in review is refused alone', async () => {
    const h = await connect();
    const ids = [ACCESS_REVIEW, BACKUP, VENDORS, TABLETOP];
    const outcomes = unwrap(
      await h.call('updateComplianceTasks', { taskIds: ids, patch: { status: 'in_progress' } }),
    );
    expect(outcomes.map((o) => o.taskId)).toEqual(ids);
    expect(outcomes.map((o) => (o.result.ok ? o.result.value.outcome : 'error'))).toEqual([
      'landed',
      'landed',
      'refused',
      'landed',
    ]);
    const refused = outcomes[2]!.result;
    expect(refused.ok && refused.value.change.error?.message).toMatch(
      /Cannot change status directly while task is in review/,
    );
    expect(patches()).toHaveLength(4);
    for (const id of [ACCESS_REVIEW, BACKUP, TABLETOP])
      expect(await statusOf(id)).toBe('in_progress');
    expect(await statusOf(VENDORS)).toBe('in_review');
  });

  it('offline, every change waits, and all land when the network is back', async () => {
    const h = await connect();
    server.faults.dropNext(100);
    const outcomes = unwrap(
      await h.call('updateComplianceTasks', {
        taskIds: [ACCESS_REVIEW, TABLETOP],
        patch: { status: 'not_relevant', notRelevantJustification: 'Done by the parent company.' },
      }),
    );
    expect(outcomes.every((o) => o.result.ok && o.result.value.outcome === 'queued')).toBe(true);
    expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(2);
    server.faults.reset();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    expect(await statusOf(ACCESS_REVIEW)).toBe('not_relevant');
    expect(await statusOf(TABLETOP)).toBe('not_relevant');
  });

  it('refuses what is no selection of compliance tasks, before anything is queued', async () => {
    const h = await connect();
    const item = server.taskIds(server.organizations[0]!.id)[0]!;
    expect(
      failure(
        await h.call('updateComplianceTasks', {
          taskIds: [ACCESS_REVIEW, item],
          patch: { status: 'done' },
        }),
      ).message,
    ).toMatch(/A compliance task id is "tsk_" followed by letters and digits/);
    expect(
      failure(
        await h.call('updateComplianceTasks', {
          taskIds: [ACCESS_REVIEW],
          patch: { status: 'not_relevant' },
        }),
      ).message,
    ).toMatch(/justification/);
    expect(patches()).toHaveLength(0);
  });
});
