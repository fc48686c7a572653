import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppCoreOptions, Confirmation } from '../../../main/app/core';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch, ObservedRequest } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { withoutScopeCheck } from '../../helpers/demo';
import { whenOutboxEmpty } from '../../helpers/wait-for';

const gate = await keychainGate();

/**
 * docs/ARCHITECTURE.md, invariant 9: what one account's reads listed is never
 * used with another's key, and a read stops when its account leaves. Two
 * accounts of two organizations on the reference service over loopback.
 */
describe.skipIf(gate.skip)('one account at a time (issue 34)', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-one-account-');
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    server.faults.reset();
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  const started = async (
    extra: Partial<AppCoreOptions> = {},
  ): Promise<{ h: CoreHarness; wire: ObservedFetch }> => {
    const wire = observedFetch();
    const h = createCoreHarness(await tempDir(), service, { fetch: wire.fetch, ...extra });
    harnesses.push(h);
    await h.core.start();
    return { h, wire };
  };
  const connect = (h: CoreHarness, apiKey: string) =>
    h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey });
  const firstVendor = async (h: CoreHarness) => {
    const list = unwrap(await h.call('listEntities'));
    const vendor = list.entities.find((e) => e.entityType === 'vendor')!;
    return { entityType: 'vendor' as const, entityId: vendor.entityId };
  };

  /**
   * A hostile service: every page of a task list says there are 50, slowly.
   * Resolves `secondPage` once two pages went out with the first key.
   */
  const endlessPages = (wire: ObservedFetch) => {
    const [one] = server.wireTasks(server.organizations[0]!.id);
    server.faults.latencyMs = 150;
    server.faults.onlyFor = /^GET \/v1\/task-management$/;
    server.faults.failNext(200, 50, { data: [one], meta: { page: 1, totalPages: 50 } });
    const pages = () =>
      wire.requests.filter(
        (r) => r.apiKey === server.keys.full && r.url.includes('/v1/task-management?'),
      );
    const secondPage = new Promise<void>((reached) => {
      wire.onSend = () => void (pages().length >= 2 && reached());
    });
    return { pages, secondPage };
  };
  /** Signs out, then looks for what the first key still sent. */
  const sentAfterSignOut = async (h: CoreHarness, pages: () => ObservedRequest[]) => {
    unwrap(await h.call('signOut'));
    const afterSignOut = Date.now();
    await new Promise((done) => setTimeout(done, 800));
    return pages().filter((r) => r.sentAt >= afterSignOut);
  };

  it("refuses, with the account now shown, a vendor and a task another account's Browse listed", async () => {
    const { h, wire } = await started();
    unwrap(await connect(h, server.keys.full));
    const vendor = await firstVendor(h);
    const [task] = unwrap(await h.call('listEntityTasks', vendor)).tasks;
    expect(task).toBeDefined();

    // Switched to an account of another organization, Browse still on the screen before.
    unwrap(await connect(h, server.keys.otherOrg));
    const sentBefore = wire.requests.length;
    const listed = failure(await h.call('listEntityTasks', vendor));
    expect(listed.message).toMatch(/another account/);
    const pinned = failure(await h.call('pinTask', { ref: { taskId: task!.id, ...vendor } }));
    expect(pinned.message).toMatch(/another account/);
    failure(await h.call('updateTask', { taskId: task!.id, patch: { status: 'in_review' } }));
    // Nothing of the first account's went out with the second one's key.
    const sent = wire.requests.slice(sentBefore);
    expect(sent.filter((r) => r.url.includes(vendor.entityId) || r.url.includes(task!.id))).toEqual(
      [],
    );
    expect(unwrap(await h.call('listTasks'))).toEqual([]);

    // Its own Browse works as before.
    const own = await firstVendor(h);
    expect(unwrap(await h.call('listEntityTasks', own)).tasks.length).toBeGreaterThanOrEqual(0);
  });

  it('a Browse read running at sign-out sends nothing more with that key, and its answer is dropped', async () => {
    const { h, wire } = await started();
    unwrap(await connect(h, server.keys.otherOrg));
    unwrap(await connect(h, server.keys.full));
    const vendor = await firstVendor(h);
    const { pages, secondPage } = endlessPages(wire);
    const reading = h.call('listEntityTasks', vendor);
    await secondPage;
    expect(await sentAfterSignOut(h, pages)).toEqual([]);
    // The other account is shown now: the first one's tasks do not reach it.
    const answer = failure(await reading);
    expect(answer.message).toMatch(/account/);
  });

  it('an "assigned to me" gathering running at sign-out sends nothing more with that key', async () => {
    const { h, wire } = await started();
    unwrap(await connect(h, server.keys.otherOrg));
    unwrap(await connect(h, server.keys.full));
    const [me] = unwrap(await h.call('listPeople'));
    const { pages, secondPage } = endlessPages(wire);
    unwrap(await h.call('setMe', { memberId: me!.id }));
    await secondPage;
    expect(await sentAfterSignOut(h, pages)).toEqual([]);
  });

  it("hands another key's waiting change over only when the person says yes in main's own dialog", async () => {
    const asked: Confirmation[] = [];
    let yes = false;
    const { h, wire } = await started({
      confirm: async (question) => {
        asked.push(question);
        return yes;
      },
    });
    const org = server.organizations[0]!.id;
    const [id] = server.taskIds(org);
    const before = server.getTask(org, id!)!.status;
    // Made with a key the service refuses changes from: it waits for the person.
    unwrap(await withoutScopeCheck(server, () => connect(h, server.keys.noScope)));
    unwrap(await h.call('pinTask', { ref: id! }));
    unwrap(await h.call('updateTask', { taskId: id!, patch: { status: 'in_review' } }));
    unwrap(await connect(h, server.keys.full));
    const handedWithFull = () =>
      wire.requests.filter(
        (r) => r.method === 'PUT' && r.url.endsWith(id!) && r.apiKey === server.keys.full,
      );

    // A raw call from the popup is not the person's yes: main asks, and "no" sends nothing.
    const refused = failure(await h.call('handOverWaiting'));
    expect(refused.message).toMatch(/Nothing was sent/);
    expect(asked).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/1 change .* another API key/),
        confirm: 'Send with this account',
      }),
    ]);
    expect(handedWithFull()).toEqual([]);
    expect(server.getTask(org, id!)!.status).toBe(before);
    expect(unwrap(await h.call('getConnection')).othersWaiting?.tasks).toBe(1);

    yes = true;
    unwrap(await h.call('handOverWaiting'));
    await whenOutboxEmpty(h.core);
    expect(server.getTask(org, id!)!.status).toBe('in_review');
    expect(handedWithFull()).toHaveLength(1);
  });
});
