import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import keytar from 'keytar';
import { createScheduler } from '../../../main/scheduler/scheduler';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest';
import { appError, err, ok } from '../../../common/result';
import { parseTaskRef } from '../../../common/task-ref';
import { REDACTED } from '../../../main/secrets/secret-text';
import type { PinnedTaskView } from '../../../common/views';
import { startDemoServer } from '../../../main/demo/server';
import { startDemoService } from '../../../main/app/demo-service';
import { createShortcutManager } from '../../../main/shortcut/shortcut-manager';
import { shortcutNotice } from '../../../main/shortcut/shortcut-notice';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import type { AppCoreOptions } from '../../../main/app/core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { whileFileHeld, whileWritesFail } from '../../helpers/held-file';
import { filesContaining, useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty, whenState } from '../../helpers/wait-for';

const gate = await keychainGate();

describe.skipIf(gate.skip)('main, driven through IPC as the renderer would', () => {
  const tempDir = useTempDirs('task-tray-core-');
  const service = uniqueTestService();
  let server: DemoServer;
  let org: { id: string; name: string };
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    org = server.organizations[0]!;
  });
  beforeEach(() => {
    // Faults here are aimed at changes: background reads of pinned tasks go through.
    server.faults.onlyFor = /^PUT /;
  });
  afterEach(async () => {
    server.faults.reset();
    for (const h of harnesses.splice(0)) {
      await h.core.dispose();
      await Promise.all(h.demos.map((d) => d.close()));
    }
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  async function fresh(dir?: string, extra = {}) {
    const userDataDir = dir ?? (await tempDir());
    const h = createCoreHarness(userDataDir, service, extra);
    harnesses.push(h);
    await h.core.start();
    return { h, userDataDir };
  }

  /** Retries come quickly in these tests: the outbox's waits are not what they are about. */
  const quickRetries = { outbox: { backoff: { baseMs: 20, maxMs: 100 } } };

  async function connected(extra = {}) {
    const { h, userDataDir } = await fresh(undefined, extra);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    return { h, userDataDir };
  }

  const taskId = () => server.taskIds(org.id)[0]!;
  /** Signed in with the full key, then the colleague's; the full key's account removed. */
  async function withFullKeyRemoved(): Promise<CoreHarness> {
    const { h } = await connected();
    const removed = unwrap(await h.call('getAccount'));
    unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.colleague }),
    );
    if (removed.state !== 'connected') throw new Error('expected the first account');
    unwrap(await h.call('removeProfile', { profileId: removed.profile.id }));
    return h;
  }

  /** The title the answer shows after a task is pinned and titled with `secret`. */
  async function titledWith(h: CoreHarness, secret: string): Promise<string | null | undefined> {
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    const titled = unwrap(
      await h.call('updateTask', { taskId: id, patch: { title: `note ${secret}` } }),
    );
    // Nowhere in the answer, not only not in its title.
    expect(JSON.stringify(titled)).not.toContain(secret.slice(0, 8));
    return titled.snapshot?.title;
  }
  const taskLink = (id: string, orgId = org.id) =>
    `https://app.example.com/${orgId}/vendors/vnd_abc123?taskItemId=${id}#task-items`;

  it('starts signed out with nothing pinned', async () => {
    const { h } = await fresh();
    expect(unwrap(await h.call('getAccount'))).toEqual({
      state: 'signed-out',
      problem: null,
      profiles: [],
    });
    expect(unwrap(await h.call('listTasks'))).toEqual([]);
    expect(unwrap(await h.call('getConnection')).state).toBe('signed-out');
    expect(failure(await h.call('pinTask', { ref: taskId() })).kind).toBe('not_connected');
  });

  it('says both when both the settings and the waiting changes were damaged', async () => {
    const userDataDir = await tempDir();
    await writeFile(join(userDataDir, 'settings.json'), '{"version":1,"theme":');
    await writeFile(join(userDataDir, 'outbox.json'), '{"version":1,"entries":[\n{"id":"x"');
    const { h } = await fresh(userDataDir);
    const account = unwrap(await h.call('getAccount'));
    expect(account.problem?.message).toMatch(/settings/i);
    expect(account.problem?.message).toMatch(/changes waiting to be sent/);
    expect(account.problem?.message).toMatch(/1 change could not be read/);
  });

  it('refuses a rejected key with a reason, and saves nothing', async () => {
    const { h, userDataDir } = await fresh();
    const bad = 'comp_' + 'f'.repeat(64);
    const e = failure(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: bad }));
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toMatch(/rejected this API key/);
    expect(unwrap(await h.call('getAccount')).state).toBe('signed-out');
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(await filesContaining(userDataDir, bad)).toEqual([]);
  });

  it('refuses a base URL that is not https (outside loopback) before sending anything', async () => {
    const { h } = await fresh();
    const before = server.requestCount();
    const e = failure(
      await h.call('connectApiKey', { baseUrl: 'http://tasks.example.com', apiKey: 'k' }),
    );
    expect(e.kind).toBe('bad_input');
    expect(e.message).toMatch(/https/);
    expect(server.requestCount()).toBe(before);
  });

  it('refuses a key without the task scopes at connect, naming the four, and keeps nothing', async () => {
    const { h, userDataDir } = await fresh();
    server.faults.onlyFor = null;
    const e = failure(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.noScope }),
    );
    expect(e.kind).toBe('forbidden');
    for (const scope of ['task:create', 'task:read', 'task:update', 'task:delete'])
      expect(e.message).toContain(scope);
    expect(unwrap(await h.call('getAccount')).state).toBe('signed-out');
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(await filesContaining(userDataDir, server.keys.noScope)).toEqual([]);
  });

  it('keeps a key where the service cannot tell its scopes (no task list route)', async () => {
    const { h } = await fresh();
    const bare = await startDemoServer({
      host: '127.0.0.1',
      port: 0,
      rateLimit: false,
      reads: false,
    });
    try {
      const account = unwrap(
        await h.call('connectApiKey', { baseUrl: bare.baseUrl, apiKey: bare.keys.noScope }),
      );
      expect(account.state).toBe('connected');
    } finally {
      await h.call('signOut');
      await bare.close();
    }
  });

  it('a wrong organization id is said on the organization id, naming the key’s own', async () => {
    const { h } = await fresh();
    const other = server.organizations[1]!.id;
    const e = failure(
      await h.call('connectApiKey', {
        baseUrl: server.baseUrl,
        apiKey: server.keys.full,
        organizationId: other,
      }),
    );
    expect(e.kind).toBe('forbidden');
    expect(e.message).toContain(`belong to the organization ${org.name} (${org.id}), not ${other}`);
    expect(e.message).toMatch(/organization id/);
    expect(unwrap(await h.call('getAccount')).state).toBe('signed-out');
  });

  it('connects with a good key: keychain holds it, settings do not, the renderer sees only a hint', async () => {
    const { h, userDataDir } = await connected();
    const account = unwrap(await h.call('getAccount'));
    expect(account.state).toBe('connected');
    if (account.state !== 'connected') return;
    expect(account.profile).toMatchObject({
      authKind: 'api-key',
      hasSecret: true,
      demo: false,
      label: org.name,
    });
    expect(account.profile.secretHint).not.toContain(server.keys.full);
    expect(await keytar.getPassword(service, account.profile.id)).toBe(server.keys.full);
    expect(await filesContaining(userDataDir, server.keys.full)).toEqual([]);
    const organization = unwrap(await h.call('getOrganization'));
    expect(organization.id).toBe(org.id);
    expect(h.events.some((e) => e.event === 'org:changed')).toBe(true);
    expect(JSON.stringify(h.answers)).not.toContain(server.keys.full);
    expect(JSON.stringify(h.events)).not.toContain(server.keys.full);
  });

  it('forgets a refused paste: a task id or the service URL pasted as the key stays readable in what is saved', async () => {
    const { h, userDataDir } = await connected();
    const [first, second] = server.taskIds(org.id);
    unwrap(await h.call('pinTask', { ref: first! }));
    // Pasted into the key field by mistake, and refused. Watched as secrets for the rest of
    // the run, they were cut out of every id and URL written after (before this was fixed).
    for (const pasted of [second!, server.baseUrl]) {
      const e = failure(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: pasted }));
      expect(e.message).toMatch(/rejected this API key/);
    }
    unwrap(await h.call('pinTask', { ref: second! }));
    server.faults.failNext(503);
    unwrap(await h.call('updateTask', { taskId: second!, patch: { status: 'done' } }));
    const settingsText = await readFile(join(userDataDir, 'settings.json'), 'utf8');
    const outboxText = await readFile(join(userDataDir, 'outbox.json'), 'utf8');
    expect(settingsText).toContain(second!);
    expect(settingsText).toContain(server.baseUrl);
    expect(outboxText).toContain(second!);
    expect(settingsText + outboxText).not.toContain('[redacted]');
    await h.core.dispose();

    // Read back whole after a restart, and the waiting change lands.
    const { h: again } = await fresh(userDataDir);
    expect(unwrap(await again.call('getAccount')).state).toBe('connected');
    expect(unwrap(await again.call('listTasks')).map((t) => t.id)).toEqual([first, second]);
    await whenOutboxEmpty(again.core);
    expect(server.getTask(org.id, second!)!.status).toBe('done');
  });

  it('keeps on the row the refusal of one field of a combined change, the other field landed', async () => {
    const { h } = await connected({ outbox: { backoff: { baseMs: 400, maxMs: 800 } } });
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    // The first change waits for a retry, so the second joins it: an assignee who is no member,
    // then a status.
    server.faults.failNext(503);
    const stranger = { assigneeId: 'mem_notamember0' };
    unwrap(await h.call('updateTask', { taskId: id, patch: stranger }));
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'in_review' } }));
    await whenOutboxEmpty(h.core);
    expect(server.getTask(org.id, id)!.status).toBe('in_review');
    const row = unwrap(await h.call('listTasks')).find((t) => t.id === id);
    expect(row?.snapshot?.status).toBe('in_review');
    expect(row?.error?.message).toMatch(/not a member/);
  });

  it('forgets a paste refused by two attempts at once, as it does one', async () => {
    const { h, userDataDir } = await connected();
    const pasted = server.taskIds(org.id)[1]!;
    const tries = await Promise.all(
      [1, 2].map(() => h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: pasted })),
    );
    for (const t of tries) expect(failure(t).message).toMatch(/rejected this API key/);
    unwrap(await h.call('pinTask', { ref: pasted }));
    const settingsText = await readFile(join(userDataDir, 'settings.json'), 'utf8');
    expect(settingsText).toContain(pasted);
    expect(settingsText).not.toContain('[redacted]');
  });

  it('keeps watching a key removed while an attempt with it was under way, when that attempt is refused', async () => {
    // The first request of the next connect is held until the test lets it go.
    let hold = false;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const heldFetch: typeof fetch = async (input, init) => {
      if (hold) {
        hold = false;
        await held;
      }
      return fetch(input, init);
    };
    const { h } = await fresh(undefined, { fetch: heldFetch });
    const key = server.keys.full;
    unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.colleague }),
    );
    hold = true;
    // A: the key with another organization's id, answered only later (and refused then).
    const first = h.call('connectApiKey', {
      baseUrl: server.baseUrl,
      apiKey: key,
      organizationId: server.organizations[1]!.id,
    });
    // B: the same key, accepted, then its account removed: still watched, as a removed key is.
    const added = unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: key }));
    if (added.state !== 'connected') throw new Error('expected the key’s account');
    unwrap(await h.call('removeProfile', { profileId: added.profile.id }));
    release();
    expect(failure(await first).kind).toBe('forbidden');
    expect(await titledWith(h, key)).toBe(`note ${REDACTED}`);
  });

  it('keeps watching a removed key through a burst of refused attempts', async () => {
    const h = await withFullKeyRemoved();
    // More refused attempts at once than the secrets kept after they are no longer in use.
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.call('connectApiKey', {
          baseUrl: server.baseUrl,
          apiKey: `comp_wrong${i}`.padEnd(40, 'x'),
        }),
      ),
    );
    for (const t of tries) failure(t);
    expect(await titledWith(h, server.keys.full)).toBe(`note ${REDACTED}`);
  });

  it('keeps watching a removed key while more accounts are connected than removed keys are kept', async () => {
    // Keys the service takes as the full key: each connects an account of its own.
    const alias: typeof fetch = (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      if (headers['X-API-Key']?.startsWith('comp_alias')) headers['X-API-Key'] = server.keys.full;
      return fetch(input, { ...init, headers });
    };
    const { h } = await fresh(undefined, { fetch: alias });
    const aliasKey = (n: number) => `comp_alias${n}`.padEnd(40, 'k');
    const removed = unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: aliasKey(0) }),
    );
    if (removed.state !== 'connected') throw new Error('expected the first account');
    unwrap(await h.call('removeProfile', { profileId: removed.profile.id }));
    // Keys in use are watched anyway: they take none of the places kept for removed ones.
    for (let n = 1; n <= 9; n++)
      unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: aliasKey(n) }));
    expect(await titledWith(h, aliasKey(0))).toBe(`note ${REDACTED}`);
  });

  it('keeps watching a key it held, when that key is tried again and refused', async () => {
    // Removed, the first key stays watched (an answer on its way may quote it); tried again
    // and refused, it must not be forgotten with the refusal.
    const h = await withFullKeyRemoved();
    failure(
      await h.call('connectApiKey', {
        baseUrl: server.baseUrl,
        apiKey: server.keys.full,
        organizationId: server.organizations[1]!.id,
      }),
    );
    expect(await titledWith(h, server.keys.full)).toBe(`note ${REDACTED}`);
  });

  it('answers main’s own adapters (links, the tray menu) through the guard, as IPC is answered', async () => {
    const { h } = await connected();
    const key = server.keys.full;
    // A service (or a proxy before it) quoting the key in the organization's id and name.
    const wire = unwrap(await h.call('getOrganization', { refresh: true }));
    server.faults.onlyFor = /^GET \/v1\/organization$/;
    server.faults.failNext(200, 1, { ...wire, id: `org_${key}`, name: `Named ${key}` });
    const viaMenu = unwrap(await h.core.handlers.getOrganization({ refresh: true }));
    expect(viaMenu.name).toBe(`Named ${REDACTED}`);
    // A tasktray:// link to another organization: its refusal quotes the organization's id,
    // and index.ts shows it in a notification.
    const ref = parseTaskRef('tasktray://task/tski_abc123?org=org_other1');
    if (!ref.ok) throw new Error(ref.error.message);
    const refused = failure(await h.core.pinRef(ref.value));
    expect(refused.message).toContain(REDACTED);
    expect(refused.message).not.toContain(key.slice(0, 8));
    expect(h.core.safeText(`said ${key}`)).toBe(`said ${REDACTED}`);
  });

  it('refuses another organization’s link after a restart while the service cannot be reached', async () => {
    const { h, userDataDir } = await connected();
    await h.core.dispose();
    server.faults.onlyFor = null;
    server.faults.failNext(503, 1_000);
    const { h: again } = await fresh(userDataDir);
    const other = server.organizations[1]!.id;
    const e = failure(
      await again.call('pinTask', { ref: taskLink(server.taskIds(other)[0]!, other) }),
    );
    expect(e.message).toContain(`That link is for organization ${other}`);
    expect(unwrap(await again.call('listTasks'))).toEqual([]);
  });

  it('keeps the account and sends its waiting change when one setting in the file is bad', async () => {
    const { h, userDataDir } = await connected(quickRetries);
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    server.faults.failNext(503, 50);
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'in_review' } }));
    await h.core.dispose();
    server.faults.reset();
    // Edited by hand: one field this version cannot read.
    const file = join(userDataDir, 'settings.json');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('"theme":"system"', '"theme":"Dark"'),
    );
    const { h: again } = await fresh(userDataDir, quickRetries);
    const account = unwrap(await again.call('getAccount'));
    expect(account.state).toBe('connected');
    expect(account.problem?.message).toMatch(/Back to its default: theme\./);
    await whenOutboxEmpty(again.core);
    expect((server.getTask(org.id, id) as { status: string }).status).toBe('in_review');
  });

  it('pins by id or link, refuses another organization’s link and malformed links clearly', async () => {
    const { h } = await connected();
    const id = taskId();
    const pinned = unwrap(await h.call('pinTask', { ref: taskLink(id) }));
    expect(pinned).toMatchObject({
      id,
      ref: { organizationId: org.id, entityType: 'vendor' },
      sync: 'idle',
      snapshot: null,
    });
    expect(unwrap(await h.call('pinTask', { ref: `  ${id} ` })).id).toBe(id); // no duplicate
    expect(unwrap(await h.call('listTasks'))).toHaveLength(1);
    const other = failure(await h.call('pinTask', { ref: taskLink(id, 'org_someoneElse') }));
    expect(other.message).toMatch(/org_someoneElse/);
    expect(failure(await h.call('pinTask', { ref: 'tski_../../etc' })).kind).toBe('bad_input');
    // A reference main parsed earlier (the clipboard offer) keeps its details and gets the same check.
    const fromClipboard = {
      taskId: 'tski_clip1',
      organizationId: org.id,
      entityType: 'risk' as const,
    };
    expect(unwrap(await h.call('pinTask', { ref: fromClipboard }))).toMatchObject({
      id: 'tski_clip1',
      ref: { organizationId: org.id, entityType: 'risk' },
    });
    const foreignRef = { taskId: 'tski_clip2', organizationId: 'org_someoneElse' };
    expect(failure(await h.call('pinTask', { ref: foreignRef })).message).toMatch(
      /org_someoneElse/,
    );
    expect(
      failure(await h.call('pinTask', { ref: { taskId: 'tski_x', extra: 1 } as never })).kind,
    ).toBe('bad_input');
    expect(failure(await h.call('pinTask', { ref: '' })).kind).toBe('bad_input');
  });

  it('changes a status: pending at once, confirmed by the service, and the service state changed', async () => {
    const { h } = await connected();
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    // The pin's own read (the person's: it does not wait for their changes) is in first.
    await whenState(h.core, () => h.core.state().tasks.find((t) => t.id === id)?.snapshot != null);
    h.events.length = 0;
    const view = unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'in_review' } }));
    expect(view).toMatchObject({ sync: 'idle', error: null, pendingPatch: null });
    expect(view.snapshot?.status).toBe('in_review');
    expect((server.getTask(org.id, id) as { status: string }).status).toBe('in_review');
    const syncs = h.events
      .filter((e) => e.event === 'tasks:changed')
      .map((e) => (e.payload as PinnedTaskView[]).find((t) => t.id === id)?.sync);
    expect(syncs[0]).toBe('pending');
    expect(syncs.at(-1)).toBe('idle');
  });

  it('remembers that the last change was made here, until someone changes the task elsewhere', async () => {
    // Main's clock, moved on by the test: its reads of pinned tasks are at least 10 s apart.
    let skew = 0;
    const base = createScheduler();
    const { h } = await connected({ scheduler: { ...base, now: () => base.now() + skew } });
    const id = server.taskIds(org.id)[3]!;
    unwrap(await h.call('pinTask', { ref: id }));
    expect(unwrap(await h.call('listTasks'))[0]?.changedHere).toBeUndefined();
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'done' } }));
    expect(unwrap(await h.call('listTasks'))[0]?.changedHere).toBe(true);

    // A colleague changes it in the web app a moment later; the next read shows theirs.
    await new Promise((r) => setTimeout(r, 5));
    const put = await fetch(`${server.baseUrl}/v1/task-management/${id}`, {
      method: 'PUT',
      headers: { 'X-API-Key': server.keys.colleague, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'in_review' }),
    });
    expect(put.status).toBe(200);
    skew += 11_000;
    unwrap(await h.call('refreshTasks'));
    await vi.waitFor(async () =>
      expect(unwrap(await h.call('listTasks'))[0]?.snapshot?.status).toBe('in_review'),
    );
    expect(unwrap(await h.call('listTasks'))[0]?.changedHere).toBeUndefined();
  });

  it('merges quick changes to one task and lands the last one', async () => {
    const { h } = await connected();
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    const answers = await Promise.all([
      h.call('updateTask', { taskId: id, patch: { status: 'in_progress' } }),
      h.call('updateTask', { taskId: id, patch: { status: 'done' } }),
      h.call('updateTask', { taskId: id, patch: { priority: 'low' } }),
    ]);
    answers.forEach(unwrap);
    const stored = server.getTask(org.id, id) as { status: string; priority: string };
    expect(stored).toMatchObject({ status: 'done', priority: 'low' });
    expect(unwrap(await h.call('listTasks'))[0]).toMatchObject({
      sync: 'idle',
      snapshot: { status: 'done', priority: 'low' },
    });
  });

  it('changes several tasks at once: all shown on their way together, then confirmed, each list new', async () => {
    const { h } = await connected();
    const ids = server.taskIds(org.id).slice(0, 4);
    expect(ids).toHaveLength(4);
    for (const id of ids) unwrap(await h.call('pinTask', { ref: id }));
    h.events.length = 0;
    const outcomes = unwrap(
      await h.call('updateTasks', { taskIds: ids, patch: { status: 'in_review' } }),
    );
    expect(outcomes.map((o) => o.result.ok)).toEqual([true, true, true, true]);
    await whenOutboxEmpty(h.core);
    const lists = h.events
      .filter((e) => e.event === 'tasks:changed')
      .map((e) => e.payload as PinnedTaskView[]);
    const rows = (list: PinnedTaskView[]) => list.filter((v) => ids.includes(v.id));
    // Asked for together, kept on disk together: the rows turn pending at once, not one by one.
    // (Lists before it come from reading the new pins in the background.)
    const first = lists.find((list) => rows(list).some((v) => v.sync !== 'idle'));
    expect(rows(first!).map((v) => [v.sync, v.pendingPatch])).toEqual(
      ids.map(() => ['pending', { status: 'in_review' }]),
    );
    expect(rows(lists.at(-1)!).map((v) => [v.sync, v.snapshot?.status])).toEqual(
      ids.map(() => ['idle', 'in_review']),
    );
    // The popup (and the tray) redraw from every list: none repeats the one before it.
    lists.slice(1).forEach((list, i) => expect(list).not.toEqual(lists[i]));
    for (const id of ids)
      expect((server.getTask(org.id, id) as { status: string }).status).toBe('in_review');
  });

  it.each([
    [
      400,
      {
        statusCode: 400,
        message: 'Assignee is not a member of this organization',
        error: 'Bad Request',
      },
      'invalid',
      /not a member/,
    ],
    [
      404,
      { statusCode: 404, message: 'Task item not found', error: 'Not Found' },
      'not_found',
      /task/i,
    ],
  ])(
    'a %i refusal rolls the change back and says why until dismissed',
    async (status, body, kind, message) => {
      const { h } = await connected();
      const id = taskId();
      unwrap(await h.call('pinTask', { ref: id }));
      unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'todo' } }));
      server.faults.failNext(status, 1, body);
      const e = failure(await h.call('updateTask', { taskId: id, patch: { status: 'canceled' } }));
      expect(e.kind).toBe(kind);
      const [row] = unwrap(await h.call('listTasks'));
      expect(row).toMatchObject({
        sync: 'failed',
        pendingPatch: null,
        snapshot: { status: 'todo' },
      });
      expect(row?.error?.message).toMatch(message);
      expect((server.getTask(org.id, id) as { status: string }).status).toBe('todo');
      // Given up, not kept: nothing waits to be sent again.
      expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(0);
      const dismissed = unwrap(await h.call('dismissTaskError', { taskId: id }));
      expect(dismissed).toMatchObject({ sync: 'idle', error: null });
    },
  );

  // With the outbox a 5xx is no longer a refusal: the change waits and lands on a later try.
  it('a 500 keeps the change queued, then lands it', async () => {
    const { h } = await connected(quickRetries);
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'todo' } }));
    server.faults.failNext(500, 1);
    const view = unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'canceled' } }));
    expect(view).toMatchObject({
      sync: 'queued',
      pendingPatch: { status: 'canceled' },
      error: null,
    });
    await whenOutboxEmpty(h.core);
    expect((server.getTask(org.id, id) as { status: string }).status).toBe('canceled');
    expect(unwrap(await h.call('listTasks'))[0]).toMatchObject({
      sync: 'idle',
      snapshot: { status: 'canceled' },
    });
  });

  // With the outbox a 403 pauses the account's queue instead of dropping the change.
  it('a 403 keeps the change and asks to reconnect; reconnecting sends it', async () => {
    const { h } = await connected(quickRetries);
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    server.faults.failNext(403, 1, {
      statusCode: 403,
      message: 'API key lacks required permission scope',
      error: 'Forbidden',
    });
    const view = unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'canceled' } }));
    expect(view).toMatchObject({ sync: 'queued', pendingPatch: { status: 'canceled' } });
    const connection = unwrap(await h.call('getConnection'));
    expect(connection).toMatchObject({
      state: 'unauthorized',
      cause: 'permission',
      pendingChanges: 1,
    });
    expect(connection.message).toMatch(/permission/);
    expect(unwrap(await h.call('getAccount')).problem?.message).toMatch(/reconnect/);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    await whenOutboxEmpty(h.core);
    expect((server.getTask(org.id, id) as { status: string }).status).toBe('canceled');
    expect(unwrap(await h.call('getConnection')).state).toBe('online');
  });

  it('a cross-organization task id is refused by the service as not found', async () => {
    const { h } = await connected();
    const foreign = server.taskIds(server.organizations[1]!.id)[0]!;
    unwrap(await h.call('pinTask', { ref: foreign }));
    const e = failure(await h.call('updateTask', { taskId: foreign, patch: { status: 'done' } }));
    expect(e.kind).toBe('not_found');
  });

  // With the outbox a dropped connection no longer fails the change: it waits, queued, and lands.
  it('a dropped connection queues the change, shows the app offline, then lands it', async () => {
    const { h } = await connected({ outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } } });
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    server.faults.dropNext(1);
    const view = unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'done' } }));
    expect(view).toMatchObject({ sync: 'queued', pendingPatch: { status: 'done' } });
    expect(unwrap(await h.call('getConnection'))).toMatchObject({
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 1,
    });
    // The network is back (the popup's 'online' event): no need to wait out the minute.
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    expect((server.getTask(org.id, id) as { status: string }).status).toBe('done');
    expect(unwrap(await h.call('getConnection')).state).toBe('online');
  });

  it('is no longer offline once the service answers, even with a refusal of the change', async () => {
    const { h } = await connected({ outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } } });
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    server.faults.dropNext(1);
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'done' } }));
    expect(unwrap(await h.call('getConnection')).state).toBe('offline');
    server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['Assignee is not a member of this organization'],
      error: 'Bad Request',
    });
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    // The service answered (with its reason on the task): the footer does not say offline.
    expect(unwrap(await h.call('getConnection')).state).toBe('online');
    expect(unwrap(await h.call('listTasks'))[0]?.error?.message).toMatch(/not a member/);
  });

  it('comes back after a restart: profile from settings, key from the keychain, pins with snapshots', async () => {
    const { h, userDataDir } = await connected();
    const id = taskId();
    unwrap(await h.call('pinTask', { ref: id }));
    unwrap(await h.call('updateTask', { taskId: id, patch: { title: 'Renewed SOC 2 report' } }));
    await h.core.dispose();
    const { h: again } = await fresh(userDataDir);
    const account = unwrap(await again.call('getAccount'));
    expect(account.state).toBe('connected');
    const [row] = unwrap(await again.call('listTasks'));
    expect(row?.snapshot?.title).toBe('Renewed SOC 2 report');
    expect(unwrap(await again.call('getOrganization', { refresh: true })).id).toBe(org.id);
  });

  it('signs out: the key leaves the keychain, pins wait for the same organization to come back', async () => {
    const { h } = await connected();
    unwrap(await h.call('pinTask', { ref: taskId() }));
    const before = unwrap(await h.call('getAccount'));
    const profileId = before.state === 'connected' ? before.profile.id : '';
    expect((await keytar.findCredentials(service)).map((c) => c.account)).toContain(profileId);
    const account = unwrap(await h.call('signOut'));
    expect(account.state).toBe('signed-out');
    expect((await keytar.findCredentials(service)).map((c) => c.account)).not.toContain(profileId);
    expect(unwrap(await h.call('listTasks'))).toEqual([]);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toEqual([taskId()]);
  });

  it('tells the person to reconnect when the saved key is gone from the keychain', async () => {
    const { h, userDataDir } = await connected();
    await h.core.dispose();
    await removeTestService(service);
    const { h: again } = await fresh(userDataDir);
    const account = unwrap(await again.call('getAccount'));
    expect(account).toMatchObject({ state: 'signed-out', problem: { kind: 'not_connected' } });
    expect(account.problem?.message).toMatch(/connect again/);
    expect(account.problem?.message).toMatch(/locked/);
  });

  it('says a damaged file of waiting changes beside a key gone from the keychain', async () => {
    const { h, userDataDir } = await connected();
    await h.core.dispose();
    await removeTestService(service);
    await writeFile(join(userDataDir, 'outbox.json'), '{"version":1,"entries":[\n{"id":"x"');
    const { h: again } = await fresh(userDataDir);
    const message = unwrap(await again.call('getAccount')).problem?.message;
    expect(message).toMatch(/connect again/);
    expect(message).toMatch(/changes waiting to be sent/);
  });

  it('tries the demo: in memory only, clearly labelled, with tasks pinned and titled', async () => {
    const { h, userDataDir } = await fresh();
    const account = unwrap(await h.call('startDemo'));
    expect(account.state).toBe('connected');
    if (account.state !== 'connected') return;
    expect(account.profile.demo).toBe(true);
    expect(account.profile.label).toMatch(/demo/i);
    const rows = unwrap(await h.call('listTasks'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => typeof r.snapshot?.title === 'string')).toBe(true);
    unwrap(await h.call('updateTask', { taskId: rows[0]!.id, patch: { status: 'done' } }));
    expect(await keytar.findCredentials(service)).toEqual([]);
    const settingsText = await readFile(join(userDataDir, 'settings.json'), 'utf8').catch(() => '');
    expect(settingsText).not.toContain(h.demos[0]!.keys.full);
    expect(settingsText).not.toContain('demo');
  });

  it('asked at once for the demo and for an account, shows one and leaves no demo running unseen', async () => {
    // A demo that takes its time to stop, as one still answering a request does: the next
    // account is chosen meanwhile.
    const started: DemoServer[] = [];
    const { h } = await fresh(undefined, {
      startDemoService: async () => {
        const demo = await startDemoService((d) => started.push(d));
        const slowly = () => new Promise((r) => setTimeout(r, 300)).then(demo.close);
        return { ...demo, close: slowly };
      },
    });
    onTestFinished(async () => {
      await Promise.all(started.map((d) => d.close()));
    });
    /** The demo services that still answer: only the one shown may. */
    const answering = async () =>
      (
        await Promise.all(
          started.map((d) =>
            fetch(`${d.baseUrl}/v1/organization`).then(
              () => d,
              () => null,
            ),
          ),
        )
      ).filter((d) => d !== null);
    const shownDemo = async () => {
      const a = unwrap(await h.call('getAccount'));
      return a.state === 'connected' && a.profile.demo;
    };

    await Promise.all([h.call('startDemo'), h.call('startDemo')].map(async (p) => unwrap(await p)));
    expect(await shownDemo()).toBe(true);
    expect(await answering()).toHaveLength(1);

    // A demo shown, then a key connected while another demo starts: whichever ends last shows.
    await Promise.all(
      [
        h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }),
        h.call('startDemo'),
      ].map(async (p) => unwrap(await p)),
    );
    expect(started).toHaveLength(3);
    const left = await answering();
    expect(left).toHaveLength((await shownDemo()) ? 1 : 0);
    // The demo that answers is the one whose tasks are shown.
    const rows = unwrap(await h.call('listTasks'));
    if (left[0]) {
      unwrap(await h.call('updateTask', { taskId: rows[0]!.id, patch: { status: 'done' } }));
      const tasks = left[0].wireTasks(left[0].organizations[0]!.id);
      expect(tasks.find((t) => t.id === rows[0]!.id)?.status).toBe('done');
    }
  });

  it('signs in with a web session: the cookie reaches the service and is kept in the keychain only', async () => {
    const { h, userDataDir } = await fresh(undefined, {
      signInWithBrowser: async () =>
        ok({
          cookie: server.session.cookie,
          organizationId: server.session.organizationId,
        }),
      // Yes to the new sign-in site (test/main/app/sign-in-address.test.ts says no).
      confirm: async () => true,
    });
    // The session goes to the service URL in settings: point it at the reference service.
    unwrap(
      await h.call('setSettings', {
        signInUrl: 'https://app.example.com/',
        serviceUrl: server.baseUrl,
      }),
    );
    expect(
      failure(await h.call('setSettings', { serviceUrl: 'http://plain.example.com' })).kind,
    ).toBe('bad_input');
    const account = unwrap(await h.call('signInWithSession'));
    expect(account).toMatchObject({ state: 'connected', profile: { authKind: 'session' } });
    expect(unwrap(await h.call('getOrganization')).authType).toBe('session');
    expect(await filesContaining(userDataDir, server.session.token)).toEqual([]);
    expect(JSON.stringify(h.answers)).not.toContain(server.session.token);
  });

  it('an organization that arrives after sign-out is not shown', async () => {
    const { h } = await connected();
    // Far longer than a sign-out takes, even on a busy machine: the answer surely comes after it.
    server.faults.latencyMs = 1_500;
    const late = h.call('getOrganization', { refresh: true });
    await new Promise((r) => setTimeout(r, 50));
    server.faults.latencyMs = 0;
    unwrap(await h.call('signOut'));
    expect(failure(await late).kind).toBe('not_connected');
    expect(h.core.state().organization).toBeNull();
    expect(h.events.filter((e) => e.event === 'org:changed').at(-1)?.payload).toBeNull();
  });

  it('shows launch at login as the OS has it, even when it was changed outside the app', async () => {
    let osSays = true;
    const calls: boolean[] = [];
    const extra = {
      isLaunchAtLoginEnabled: async () => osSays,
      setLaunchAtLogin: async (on: boolean) => {
        calls.push(on);
        osSays = on;
        return ok(on);
      },
    };
    const { h, userDataDir } = await fresh(undefined, extra);
    expect(unwrap(await h.call('getSettings')).launchAtLogin).toBe(true);
    unwrap(await h.call('setSettings', { launchAtLogin: false }));
    expect(calls).toEqual([false]);
    await h.core.dispose();
    osSays = true; // turned back on in the OS's own settings while the app was closed
    const { h: again } = await fresh(userDataDir, extra);
    expect(unwrap(await again.call('getSettings')).launchAtLogin).toBe(true);
  });

  it('writes launch at login as the OS has it with the next save, when it could not at start', async () => {
    const userDataDir = await tempDir();
    // On in the OS; the settings (a first start) say off, and the disk is full as the app starts.
    const { h } = await whileWritesFail(userDataDir, () =>
      fresh(userDataDir, { isLaunchAtLoginEnabled: async () => true }),
    );
    expect(unwrap(await h.call('getSettings')).launchAtLogin).toBe(true);
    // Room again: another setting is saved, and the file says what the OS does.
    unwrap(await h.call('setSettings', { theme: 'dark' }));
    const file = JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(file).toMatchObject({ theme: 'dark', launchAtLogin: true });
    expect(unwrap(await h.call('getSettings')).launchAtLogin).toBe(true);
  });

  /** A core started while settings.json is held by another program: nothing can be saved over it. */
  async function withSettingsHeld(extra: Partial<AppCoreOptions>) {
    const userDataDir = await tempDir();
    const filePath = join(userDataDir, 'settings.json');
    await writeFile(filePath, '{}');
    return whileFileHeld(filePath, async () => (await fresh(userDataDir, extra)).h);
  }

  it('puts launch at login and the shortcut back as the OS had them when settings cannot be saved', async () => {
    // Launch at login is on in the OS, though the settings (defaults, the file unread) say off.
    let launchAtLogin = true;
    let active: string | null = 'CommandOrControl+Alt+Shift+T';
    const h = await withSettingsHeld({
      isLaunchAtLoginEnabled: async () => launchAtLogin,
      setLaunchAtLogin: async (on: boolean) => ok((launchAtLogin = on)),
      applyShortcut: (accel: string) => ok((active = accel)),
      currentShortcut: () => active,
    });
    // Settings show the OS's truth, not the default.
    expect(unwrap(await h.call('getSettings')).launchAtLogin).toBe(true);

    const e = failure(
      await h.call('setSettings', { launchAtLogin: false, shortcut: 'CommandOrControl+Alt+K' }),
    );
    expect(e.message).toMatch(/^Settings not saved: /);
    expect(launchAtLogin).toBe(true);
    expect(active).toBe('CommandOrControl+Alt+Shift+T');
    expect(unwrap(await h.call('getSettings'))).toMatchObject({
      launchAtLogin: true,
      shortcut: 'CommandOrControl+Alt+Shift+T',
    });
    // Asked for what the OS already does: nothing to change, nothing to undo.
    failure(await h.call('setSettings', { launchAtLogin: true, theme: 'dark' }));
    expect(launchAtLogin).toBe(true);
  });

  it('tries the saved shortcut again when none was registered and settings cannot be saved', async () => {
    // The saved shortcut was refused at start (another app has it): none is registered.
    let active: string | null = null;
    const tried: string[] = [];
    const h = await withSettingsHeld({
      applyShortcut: (accel: string) => {
        tried.push(accel);
        return accel === 'CommandOrControl+Alt+Shift+T'
          ? err(appError('bad_input', 'In use by another app.'))
          : ok((active = accel));
      },
      currentShortcut: () => active,
    });
    failure(await h.call('setSettings', { shortcut: 'CommandOrControl+Alt+K' }));
    // Put back as far as it can be: the saved one is tried again; the new one stays only as
    // the one that works, and the log says the saved one could not be registered.
    expect(tried).toEqual(['CommandOrControl+Alt+K', 'CommandOrControl+Alt+Shift+T']);
    expect(h.logs.some((l) => /Could not put the shortcut back .*In use/.test(l))).toBe(true);
  });

  it('says so in the log when a change in the OS cannot be put back', async () => {
    let launchAtLogin = false;
    const h = await withSettingsHeld({
      isLaunchAtLoginEnabled: async () => launchAtLogin,
      setLaunchAtLogin: async (on: boolean) =>
        on ? ok((launchAtLogin = on)) : err(appError('internal', 'The OS refused.')),
    });
    failure(await h.call('setSettings', { launchAtLogin: true }));
    expect(h.logs.some((l) => /Could not put launch at login back .*The OS refused/.test(l))).toBe(
      true,
    );
    // Settings say what the OS does now, though they could not keep it, and the popup is told.
    expect(unwrap(await h.call('getSettings')).launchAtLogin).toBe(true);
    const told = h.events.filter((e) => e.event === 'settings:changed').at(-1);
    expect(told?.payload).toMatchObject({ launchAtLogin: true });
  });

  it('keeps the previous shortcut and says why when a new one cannot be registered', async () => {
    const { h } = await fresh(undefined, {
      applyShortcut: (accel: string) =>
        accel === 'CommandOrControl+Shift+X'
          ? {
              ok: false,
              error: {
                kind: 'bad_input',
                message: 'CommandOrControl+Shift+X is in use by another app.',
              },
            }
          : ok(accel),
    });
    const e = failure(await h.call('setSettings', { shortcut: 'CommandOrControl+Shift+X' }));
    expect(e.message).toMatch(/in use/);
    expect(unwrap(await h.call('getSettings')).shortcut).toBe('CommandOrControl+Alt+Shift+T');
    expect(
      unwrap(await h.call('setSettings', { shortcut: 'CommandOrControl+Alt+K', theme: 'dark' })),
    ).toMatchObject({
      shortcut: 'CommandOrControl+Alt+K',
      theme: 'dark',
    });
  });

  it('tells Settings when the saved shortcut could not be bound at start, and when it is again', async () => {
    // The real manager over a registry where another app holds the default shortcut.
    let taken = true;
    const shortcuts = createShortcutManager(
      {
        register: (accel) => !(taken && accel === 'CommandOrControl+Alt+Shift+T'),
        unregister: () => undefined,
      },
      () => undefined,
    );
    const notice = (saved: string) =>
      shortcutNotice({
        saved,
        active: shortcuts.current(),
        refusal: shortcuts.refusal(),
        platform: 'win32',
        env: {},
      });
    const { h } = await fresh(undefined, {
      applyShortcut: (accel: string) => shortcuts.apply(accel),
      shortcutNotice: notice,
    });
    // Before the app tries, nothing to say.
    expect(unwrap(await h.call('getSettings')).shortcutNotice).toBeNull();

    // As main/index.ts does once the tray is up.
    expect(shortcuts.apply(unwrap(await h.call('getSettings')).shortcut).ok).toBe(false);
    h.core.settingsChanged();
    const pushed = h.events.filter((e) => e.event === 'settings:changed').at(-1)?.payload;
    const expected = {
      severity: 'error',
      text: 'CommandOrControl+Alt+Shift+T is in use by another app; no shortcut is set. Choose another.',
    };
    expect(pushed).toMatchObject({ shortcutNotice: expected });
    expect(unwrap(await h.call('getSettings')).shortcutNotice).toEqual(expected);

    // Choosing another one clears it, and the popup hears of it as an event too.
    taken = false;
    const saved = unwrap(await h.call('setSettings', { shortcut: 'CommandOrControl+Alt+K' }));
    expect(saved.shortcutNotice).toBeNull();
    expect(h.events.at(-1)).toEqual({ event: 'settings:changed', payload: saved });
  });

  it.each([
    ['tasks:update', { taskId: 'tski_1', patch: { status: 'done' }, extra: 1 }],
    ['tasks:update', { taskId: ['tski_1'], patch: { status: 'done' } }],
    ['tasks:update', null],
    ['tasks:pin', { ref: 'x'.repeat(1_000_000) }],
    ['tasks:unpin', { taskId: 'tski_1/../../x' }],
    [
      'account:connect-api-key',
      { baseUrl: 'https://a', apiKey: 'k', organizationId: 'not-an-org' },
    ],
    ['settings:set', { requestsPerMinute: -5 }],
    ['settings:set', { launchAtLogin: 'yes' }],
    ['shell:open-external', {}],
    ['no:such-channel', {}],
  ])('answers bad input on %s with an error result', async (channel, input) => {
    const { h } = await connected();
    const before = server.requestCount();
    const answer = await h.raw(channel, input);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    expect(server.requestCount()).toBe(before);
  });

  it('reads a task link from the clipboard, and nothing else', async () => {
    let clip = taskLink('tski_clip1');
    const { h } = await fresh(undefined, { readClipboardText: () => clip });
    expect(unwrap(await h.call('readClipboardTaskRef'))).toMatchObject({
      ref: { taskId: 'tski_clip1', organizationId: org.id },
      // Never read here: only its id is known.
      title: null,
    });
    clip = 'my password is hunter2';
    expect(unwrap(await h.call('readClipboardTaskRef'))).toBeNull();
  });

  it('names a task on the clipboard by its title once Browse has read it', async () => {
    let clip = '';
    const { h } = await connected({ readClipboardText: () => clip });
    const entities = unwrap(await h.call('listEntities')).entities;
    const vendor = entities.find((e) => e.entityType === 'vendor')!;
    const [task] = unwrap(
      await h.call('listEntityTasks', { entityType: 'vendor', entityId: vendor.entityId }),
    ).tasks;
    clip = taskLink(task!.id);
    expect(unwrap(await h.call('readClipboardTaskRef'))).toEqual({
      ref: expect.objectContaining({ taskId: task!.id }),
      title: task!.title,
    });
  });
});
