import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NEW_TASK_SHORTCUT, DEFAULT_SHORTCUT } from '../../../common/shortcut';
import { SETTINGS_FILE } from '../../../main/app/core';
import type { AppCoreOptions } from '../../../main/app/core';
import type { AppNotification } from '../../../main/notify/notify-events';
import type { InputOf } from '../../../common/ipc';
import { NOT_LISTED } from '../../../main/app/task-creates';
import { CREATING_WORDS, STILL_CREATING } from '../../../main/tasks/creating-rows';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty, whenState } from '../../helpers/wait-for';

/**
 * A new task from the quick entry (issue 38), through the app as the popup
 * asks for it, over the reference service on loopback: made once online,
 * offline and after a restart, when an answer is lost; refused with words
 * and nothing kept; an edit made while it waits follows it.
 */

const gate = await keychainGate();

const VENDOR = 'vnd_c8r2k6m0qt';
const OTHER_ORGS_MEMBER = 'mem_a2ken8s3ty';

describe.skipIf(gate.skip)('creating a task from the quick entry', () => {
  const tempDir = useTempDirs('task-tray-create-');
  const service = uniqueTestService();
  let server: DemoServer;
  let wire: ObservedFetch;
  const harnesses: CoreHarness[] = [];

  beforeEach(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    server.faults.onlyFor = /^POST /;
    wire = observedFetch();
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const start = async (dir: string, extra: Partial<AppCoreOptions> = {}) => {
    const h = createCoreHarness(dir, service, {
      fetch: wire.fetch,
      outbox: { backoff: { baseMs: 20, maxMs: 100 } },
      ...extra,
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const connected = async (dir?: string) => {
    const h = await start(dir ?? (await tempDir()));
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    // The entry lists the vendors and risks before anything is made under one.
    unwrap(await h.call('listEntities'));
    return h;
  };
  const made = async (h: CoreHarness, title: string) => {
    const org = unwrap(await h.call('getOrganization')).id;
    return server
      .taskIds(org)
      .map((id) => server.getTask(org, id)!)
      .filter((t) => t.title === title);
  };
  const posts = () => wire.requests.filter((r) => r.method === 'POST');
  const task = (title: string, more: Partial<InputOf<'createTask'>> = {}) => ({
    title,
    entityType: 'vendor' as const,
    entityId: VENDOR,
    ...more,
  });

  it('makes it online, pins it under its real id, and puts its vendor first next time', async () => {
    const h = await connected();
    const row = unwrap(await h.call('createTask', task('Renew the DPA', { priority: 'high' })));
    expect(row.id).toMatch(/^tski_/);
    expect(row.snapshot).toMatchObject({ title: 'Renew the DPA', priority: 'high' });
    expect(row.sync).toBe('idle');
    const onServer = await made(h, 'Renew the DPA');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]!.id).toBe(row.id);
    await whenState(h.core, () => h.core.state().tasks.some((t) => t.id === row.id));
    expect(h.core.state().tasks.filter((t) => t.id.startsWith('new_'))).toEqual([]);
    expect(unwrap(await h.call('recentEntities'))).toMatchObject([
      { entityType: 'vendor', entityId: VENDOR },
    ]);
    expect(posts()).toHaveLength(1);
  });

  it('refuses a vendor the service has not listed, and an empty title, sending nothing', async () => {
    const h = await start(await tempDir());
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    // Not listed yet: the service would make an orphan task that no list shows.
    expect(failure(await h.call('createTask', task('Orphan')))).toMatchObject({
      kind: 'bad_input',
      message: NOT_LISTED,
    });
    unwrap(await h.call('listEntities'));
    expect(
      failure(await h.call('createTask', task('Orphan', { entityId: 'vnd_nosuchvendor' }))),
    ).toMatchObject({ message: NOT_LISTED });
    const blank = failure(await h.call('createTask', task('   ')));
    expect(blank.kind).toBe('bad_input');
    expect(blank.message).toMatch(/title/i);
    expect(posts()).toHaveLength(0);
    expect(h.core.state().tasks).toEqual([]);
    expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(0);
  });

  it("rolls a refused create back with the service's words, nothing left waiting", async () => {
    const h = await connected();
    const e = failure(
      await h.call('createTask', task('Not for them', { assigneeId: OTHER_ORGS_MEMBER })),
    );
    expect(e.message).toMatch(/assignee/i);
    expect(await made(h, 'Not for them')).toHaveLength(0);
    expect(h.core.state().tasks).toEqual([]);
    expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(0);
  });

  it('rolls back a create refused after it waited: the row goes, a notification gives the words', async () => {
    const shown: AppNotification[] = [];
    const h = await start(await tempDir(), { notify: (n) => void shown.push(n) });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('listEntities'));
    server.faults.dropNext(1_000);
    const row = unwrap(
      await h.call('createTask', task('Refused later', { assigneeId: OTHER_ORGS_MEMBER })),
    );
    expect(row.sync).toBe('queued');
    server.faults.reset();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    expect(h.core.state().tasks).toEqual([]);
    expect(await made(h, 'Refused later')).toHaveLength(0);
    // Notifications gather for 2 s of quiet (notification-pacing.ts) before one shows.
    await vi.waitFor(() => expect(shown).toHaveLength(1), { timeout: 6_000, interval: 50 });
    expect(shown[0]).toMatchObject({ title: 'New task not created' });
    expect(shown[0]!.body).toMatch(/^“?Refused later”?: .*assignee/i);
  });

  it('notifies a create that waited once it is made (opening its pin), not one made at once', async () => {
    const shown: AppNotification[] = [];
    const h = await start(await tempDir(), { notify: (n) => void shown.push(n) });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('listEntities'));
    unwrap(await h.call('createTask', task('Made at once')));
    server.faults.dropNext(1_000);
    unwrap(await h.call('createTask', task('Made later')));
    server.faults.reset();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    const id = (await made(h, 'Made later'))[0]!.id;
    await vi.waitFor(() => expect(shown).toHaveLength(1), { timeout: 6_000, interval: 50 });
    expect(shown[0]).toMatchObject({ kind: 'change-landed', target: { taskId: id } });
    expect(shown[0]!.body).toContain('Made later');
  });

  it('shows a create made offline as "Creating…", keeps it over a restart, and makes it once', async () => {
    const dir = await tempDir();
    const first = await connected(dir);
    server.faults.dropNext(1_000);
    const row = unwrap(await first.call('createTask', task('Made on the train')));
    expect(row.id).toMatch(/^new_/);
    expect(row).toMatchObject({ sync: 'queued', readNote: CREATING_WORDS.queued });
    expect(row.snapshot).toMatchObject({ title: 'Made on the train', status: 'todo' });
    // Its row is the outbox's until the service has made it.
    expect(failure(await first.call('unpinTask', { taskId: row.id })).message).toBe(STILL_CREATING);
    expect(first.core.state().tasks.map((t) => t.id)).toEqual([row.id]);
    await first.core.dispose();
    harnesses.splice(harnesses.indexOf(first), 1);
    server.faults.reset();
    server.faults.onlyFor = /^POST /;

    const second = await start(dir);
    await whenOutboxEmpty(second.core);
    await whenState(second.core, () =>
      second.core.state().tasks.some((t) => t.id.startsWith('tski_')),
    );
    const onServer = await made(second, 'Made on the train');
    expect(onServer).toHaveLength(1);
    expect(second.core.state().tasks.map((t) => t.id)).toEqual([onServer[0]!.id]);
  });

  it('looks for a create whose answer was lost before sending it again: one task', async () => {
    const h = await connected();
    server.faults.loseAnswerNext(1);
    const answer = unwrap(await h.call('createTask', task('Lost answer')));
    await whenOutboxEmpty(h.core);
    const onServer = await made(h, 'Lost answer');
    expect(onServer).toHaveLength(1);
    await whenState(h.core, () => h.core.state().tasks.some((t) => t.id === onServer[0]!.id));
    expect(h.core.state().tasks.filter((t) => t.id.startsWith('new_'))).toEqual([]);
    expect(answer).toMatchObject({ sync: 'queued', snapshot: { title: 'Lost answer' } });
    // Found by its title in its vendor's list: not sent again.
    expect(posts()).toHaveLength(1);
    expect(wire.requests.some((r) => r.method === 'GET' && r.url.includes(VENDOR))).toBe(true);
  });

  it('carries an edit made while the task waits to the task once it lands', async () => {
    const h = await connected();
    server.faults.dropNext(1_000);
    const row = unwrap(await h.call('createTask', task('Edited while waiting')));
    const edited = unwrap(
      await h.call('updateTask', { taskId: row.id, patch: { status: 'in_progress' } }),
    );
    expect(edited.id).toBe(row.id);
    expect(edited.snapshot?.status).toBe('in_progress');
    server.faults.reset();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    const onServer = await made(h, 'Edited while waiting');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]!.status).toBe('in_progress');
    await whenState(h.core, () =>
      h.core
        .state()
        .tasks.some((t) => t.id === onServer[0]!.id && t.snapshot?.status === 'in_progress'),
    );
  });

  it('sends an edit made after the create went out to the real id once it lands', async () => {
    const h = await connected();
    server.faults.loseAnswerNext(1);
    const row = unwrap(await h.call('createTask', task('Edited after sending')));
    // Sent, its answer lost: it waits to be looked for, and an edit now waits behind it.
    expect(row.id).toMatch(/^new_/);
    unwrap(await h.call('updateTask', { taskId: row.id, patch: { priority: 'urgent' } }));
    await whenOutboxEmpty(h.core);
    const onServer = await made(h, 'Edited after sending');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]!.priority).toBe('urgent');
    const puts = wire.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.url)).toEqual([expect.stringContaining(onServer[0]!.id)]);
    expect(posts()).toHaveLength(1);
  });

  it("keeps the quick entry's shortcut apart from the popup's, and writes no default", async () => {
    const dir = await tempDir();
    const h = await start(dir);
    const file = () => readFile(join(dir, SETTINGS_FILE), 'utf8');
    expect(
      failure(await h.call('setSettings', { newTaskShortcut: DEFAULT_SHORTCUT })).message,
    ).toMatch(/already opens Task Tray: choose another/);
    const other = 'CommandOrControl+Alt+Shift+K';
    expect(unwrap(await h.call('setSettings', { newTaskShortcut: other })).newTaskShortcut).toBe(
      other,
    );
    expect(await file()).toContain(other);
    expect(failure(await h.call('setSettings', { shortcut: other })).message).toMatch(
      /already makes a new task/,
    );
    const back = unwrap(
      await h.call('setSettings', { newTaskShortcut: DEFAULT_NEW_TASK_SHORTCUT }),
    );
    expect(back.newTaskShortcut).toBe(DEFAULT_NEW_TASK_SHORTCUT);
    expect(await file()).not.toContain('newTaskShortcut');
  });
});
