import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceView } from '../../../common/compliance-view';
import { parseTaskRef } from '../../../common/task-ref';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

/**
 * Links to compliance tasks (`https://<web-app>/{org_…}/tasks/{tsk_…}`,
 * `tasktray://task/tsk_…`) pin and open them, whoever's they are, over the
 * reference service on loopback; task items' links behave as before.
 */

const gate = await keychainGate();
const MAYA = 'mem_n1maya7q2c';
const TABLETOP = 'tsk_n4tabletop2exercise'; // nobody's
const ACCESS_REVIEW = 'tsk_n1access7review'; // Maya's

describe.skipIf(gate.skip)('compliance task links and pins', () => {
  const tempDir = useTempDirs('task-tray-compliance-links-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];
  const schedulers: Scheduler[] = [];
  /** Main's clock, moved on by the test: the popup opened again "later". */
  let later = 0;

  beforeEach(async () => {
    gate.assertAvailable();
    later = 0;
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    for (const s of schedulers.splice(0)) s.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const lastView = (h: CoreHarness): ComplianceView | undefined =>
    h.events.filter((e) => e.event === 'compliance:changed').at(-1)?.payload as
      ComplianceView | undefined;
  const start = async (dir: string, clip = '') => {
    const real = createScheduler();
    schedulers.push(real);
    const h = createCoreHarness(dir, service, {
      scheduler: { ...real, now: () => real.now() + later },
      readClipboardText: () => clip,
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const maya = async (dir?: string, clip?: string) => {
    const h = await start(dir ?? (await tempDir()), clip);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => (lastView(h)?.tasks.length ?? 0) > 0);
    return h;
  };
  const webLink = async (h: CoreHarness, taskId: string) => {
    const origin = new URL(unwrap(await h.call('getSettings')).signInUrl).origin;
    return `${origin}/${server.organizations[0]!.id}/tasks/${taskId}`;
  };

  it("pins someone else's task from its web-app link, kept fresh with the list, then unpins", async () => {
    const h = await maya();
    const answer = unwrap(await h.call('pinComplianceTask', { ref: await webLink(h, TABLETOP) }));
    expect(answer.pinned.map((t) => t.id)).toEqual([TABLETOP]);
    expect(answer.pinned[0]).toMatchObject({ status: 'todo', assigneeId: null, sync: 'idle' });
    expect(answer.tasks.map((t) => t.id)).not.toContain(TABLETOP);
    expect(lastView(h)?.pinned.map((t) => t.id)).toEqual([TABLETOP]);
    // Pinned again: one pin.
    unwrap(await h.call('pinComplianceTask', { ref: `tasktray://task/${TABLETOP}` }));
    expect(lastView(h)?.pinned).toHaveLength(1);

    // Changed elsewhere: the next read of the list shows it on the pin.
    const r = await fetch(`${server.baseUrl}/v1/tasks/${TABLETOP}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': server.keys.colleague },
      body: JSON.stringify({ title: 'Tabletop, renamed' }),
    });
    expect(r.status).toBe(200);
    later += 60_000;
    unwrap(await h.call('refreshTasks'));
    await whenState(h.core, () => lastView(h)?.pinned[0]?.title === 'Tabletop, renamed');

    const unpinned = unwrap(await h.call('unpinComplianceTask', { taskId: TABLETOP }));
    expect(unpinned.pinned).toEqual([]);
    expect(lastView(h)?.pinned).toEqual([]);
  });

  it("two pins made at once both stay (each written over the other's, not over what was)", async () => {
    const h = await maya();
    await Promise.all([
      h.call('pinComplianceTask', { ref: TABLETOP }),
      h.call('pinComplianceTask', { ref: ACCESS_REVIEW }),
    ]);
    expect(new Set(lastView(h)?.pinned.map((t) => t.id))).toEqual(
      new Set([TABLETOP, ACCESS_REVIEW]),
    );
    await Promise.all([
      h.call('unpinComplianceTask', { taskId: TABLETOP }),
      h.call('unpinComplianceTask', { taskId: ACCESS_REVIEW }),
    ]);
    expect(lastView(h)?.pinned).toEqual([]);
  });

  it('pins are kept in settings across a restart, in pin order, and undo puts one back in place', async () => {
    const dir = await tempDir();
    const h = await maya(dir);
    unwrap(await h.call('pinComplianceTask', { ref: TABLETOP }));
    unwrap(await h.call('pinComplianceTask', { ref: ACCESS_REVIEW }));
    unwrap(await h.call('unpinComplianceTask', { taskId: TABLETOP }));
    const back = unwrap(await h.call('pinComplianceTask', { ref: TABLETOP, at: 0 }));
    expect(back.pinned.map((t) => t.id)).toEqual([TABLETOP, ACCESS_REVIEW]);
    const settings = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(settings.compliancePins.map((p: { taskId: string }) => p.taskId)).toEqual([
      TABLETOP,
      ACCESS_REVIEW,
    ]);
    await h.core.dispose();
    harnesses.splice(harnesses.indexOf(h), 1);

    const again = await start(dir);
    const kept = unwrap(await again.call('getCompliance'));
    expect(kept.pinned.map((t) => t.id)).toEqual([TABLETOP, ACCESS_REVIEW]);
  });

  it('a tasktray:// link pins and opens the compliance view on its task', async () => {
    const h = await maya();
    const ref = parseTaskRef(`tasktray://task/${TABLETOP}`);
    if (!ref.ok) throw new Error(ref.error.message);
    expect(unwrap(await h.core.pinRef(ref.value))).toEqual({
      screen: 'compliance',
      taskId: TABLETOP,
    });
    expect(lastView(h)?.pinned.map((t) => t.id)).toEqual([TABLETOP]);
    // A task item's link opens the task list on it, as before.
    const item = server.taskIds(server.organizations[0]!.id)[0]!;
    const itemRef = parseTaskRef(`tasktray://task/${item}`);
    if (!itemRef.ok) throw new Error(itemRef.error.message);
    expect(unwrap(await h.core.pinRef(itemRef.value))).toEqual({ screen: 'tasks', taskId: item });
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toContain(item);
  });

  it("pinned from the popup's field or offer with open: main opens its view, as a link does", async () => {
    const h = await maya();
    const opened = () => h.events.filter((e) => e.event === 'view:open').map((e) => e.payload);
    unwrap(await h.call('pinComplianceTask', { ref: ACCESS_REVIEW }));
    expect(opened()).toEqual([]);
    unwrap(await h.call('pinComplianceTask', { ref: await webLink(h, TABLETOP), open: true }));
    expect(opened()).toEqual([{ screen: 'compliance', taskId: TABLETOP }]);
    // Refused: nothing opens.
    const refused = await h.call('pinComplianceTask', { ref: 'tski_abc', open: true });
    expect(refused.ok).toBe(false);
    expect(opened()).toHaveLength(1);
  });

  it('says what is wrong: another organization, a malformed link, a task item at the wrong door', async () => {
    const h = await maya();
    const other = server.organizations[1]!.id;
    const ref = parseTaskRef(`tasktray://task/${TABLETOP}?org=${other}`);
    if (!ref.ok) throw new Error(ref.error.message);
    expect(failure(await h.core.pinRef(ref.value)).message).toMatch(
      new RegExp(`That link is for organization ${other}, but Task Tray is signed in to`),
    );
    const origin = new URL(unwrap(await h.call('getSettings')).signInUrl).origin;
    expect(
      failure(
        await h.call('pinComplianceTask', {
          ref: `${origin}/${server.organizations[0]!.id}/tasks/tsk_ab-c`,
        }),
      ).message,
    ).toBe(
      'tsk_ ids contain only letters and digits; the task id in this link has "-". Copy the link again.',
    );
    expect(failure(await h.call('pinTask', { ref: `tasktray://task/${TABLETOP}` })).message).toBe(
      'That is a compliance task (tsk_…), not a task item: it is pinned among the compliance tasks.',
    );
    expect(failure(await h.call('pinComplianceTask', { ref: 'tski_abc' })).message).toMatch(
      /That is a task item \(tski_…\), not a compliance task/,
    );
    expect(lastView(h)?.pinned).toEqual([]);
    expect(unwrap(await h.call('listTasks'))).toEqual([]);
  });

  it("the clipboard offers a compliance task's link with its title", async () => {
    const dir = await tempDir();
    const probe = await start(dir);
    const link = await webLink(probe, ACCESS_REVIEW);
    await probe.core.dispose();
    harnesses.splice(harnesses.indexOf(probe), 1);
    const h = await maya(dir, `  ${link}\n`);
    expect(unwrap(await h.call('readClipboardTaskRef'))).toEqual({
      ref: { taskId: ACCESS_REVIEW, organizationId: server.organizations[0]!.id },
      title: 'Access review',
    });
  });

  it("the demo's pins are kept in memory, and a new demo starts without them", async () => {
    const h = await start(await tempDir());
    unwrap(await h.call('startDemo'));
    const pinned = unwrap(await h.call('pinComplianceTask', { ref: TABLETOP }));
    expect([...pinned.pinned.map((t) => t.id), ...pinned.pinnedUnread]).toEqual([TABLETOP]);
    unwrap(await h.call('signOut'));
    unwrap(await h.call('startDemo'));
    const again = unwrap(await h.call('getCompliance'));
    expect([...again.pinned, ...again.pinnedUnread]).toEqual([]);
    await Promise.all(h.demos.map((d) => d.close()));
  });
});
