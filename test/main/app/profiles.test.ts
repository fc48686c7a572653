import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../../common/views';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate } from '../../helpers/keychain';
import { NO_RETRY_BY_ITSELF, useRelayedService } from '../../helpers/relayed-service';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { whenState } from '../../helpers/wait-for';

const gate = await keychainGate();

const shownId = (s: AccountStatus) => (s.state === 'connected' ? s.profile.id : null);

describe.skipIf(gate.skip)('several accounts on one computer (issue 17)', () => {
  const env = useRelayedService(gate, 'task-tray-profiles-');

  const org = () => env.server.organizations[0]!.id;
  const ids = () => env.server.taskIds(org());
  const statusOf = (id: string) => env.server.getTask(org(), id)!.status;

  async function app(dir?: string): Promise<{ h: CoreHarness; wire: ObservedFetch; dir: string }> {
    const userDataDir = dir ?? (await env.tempDir());
    const wire = observedFetch();
    // Retries wait long: "Retry now" says when changes go again.
    const h = await env.start(
      { fetch: wire.fetch, outbox: { backoff: NO_RETRY_BY_ITSELF } },
      userDataDir,
    );
    return { h, wire, dir: userDataDir };
  }
  const connect = (h: CoreHarness, apiKey: string) =>
    h.call('connectApiKey', { baseUrl: env.relay.baseUrl, apiKey });

  it('keeps each account with its own pins, and switches without signing in again', async () => {
    const { h, wire, dir } = await app();
    const [a1, a2, b1] = ids();
    const first = unwrap(await connect(h, env.server.keys.full));
    unwrap(await h.call('pinTask', { ref: a1! }));
    unwrap(await h.call('pinTask', { ref: a2! }));
    const second = unwrap(await connect(h, env.server.keys.colleague));
    unwrap(await h.call('pinTask', { ref: b1! }));
    expect(second.profiles.map((p) => p.id)).toEqual([shownId(first), shownId(second)]);
    // Both are named after the organization: each name says which key (main/accounts/profile-names.ts).
    const profileNames = second.profiles.map((p) => p.name);
    expect(profileNames).toEqual([
      expect.stringMatching(/^Northwind Health \(API key …\w{4}\)$/),
      expect.stringMatching(/^Northwind Health \(API key …\w{4}\)$/),
    ]);
    expect(new Set(profileNames).size).toBe(2);
    expect(second.state === 'connected' && second.profile.name).toBe(profileNames[1]);
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toEqual([b1]);

    const requestsBefore = wire.requests.length;
    const back = unwrap(await h.call('switchProfile', { profileId: shownId(first)! }));
    expect(shownId(back)).toBe(shownId(first));
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toEqual([a1, a2]);
    // The popup and the tray heard of it: the account, then its tasks.
    const names = h.events.slice(-6).map((e) => e.event);
    expect(names).toContain('account:changed');
    expect(names).toContain('tasks:changed');
    // No sign-in: what it reads behind (the organization, the tasks) goes with the first key.
    const after = wire.requests.slice(requestsBefore);
    expect(after.every((r) => r.method === 'GET' && r.apiKey === env.server.keys.full)).toBe(true);

    // A restart shows the one shown last, and can switch to the other at once.
    await h.core.dispose();
    const again = await app(dir);
    const restored = unwrap(await again.h.call('getAccount'));
    expect(shownId(restored)).toBe(shownId(first));
    expect(restored.profiles.every((p) => p.hasSecret)).toBe(true);
    // After a restart the key of the account not shown is watched by the secret guard too
    // (docs/ARCHITECTURE.md, invariant 1):
    // pasted as a name by mistake, it reaches neither the popup nor the settings file.
    const pasted = unwrap(
      await again.h.call('renameProfile', {
        profileId: shownId(restored)!,
        label: env.server.keys.colleague,
      }),
    );
    const secretPart = env.server.keys.colleague.slice(20, 28);
    expect(JSON.stringify(pasted)).not.toContain(secretPart);
    expect(JSON.stringify(again.h.events)).not.toContain(secretPart);
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(secretPart);
    unwrap(await again.h.call('switchProfile', { profileId: shownId(second)! }));
    expect(unwrap(await again.h.call('listTasks')).map((t) => t.id)).toEqual([b1]);
  });

  it('sends each account’s waiting changes with its own key while another is shown', async () => {
    const { h, wire } = await app();
    const [a1, b1] = ids();
    const first = unwrap(await connect(h, env.server.keys.full));
    unwrap(await h.call('pinTask', { ref: a1! }));
    await env.relay.stop();
    unwrap(await h.call('updateTask', { taskId: a1!, patch: { status: 'in_review' } }));
    await env.relay.start();
    // Its retry is an hour away: it is still waiting when the colleague connects.
    const second = unwrap(await connect(h, env.server.keys.colleague));
    // Shown: the colleague; waiting elsewhere: the first account's one task.
    expect(unwrap(await h.call('getConnection')).waitingElsewhere).toEqual({
      [shownId(first)!]: 1,
    });
    unwrap(await h.call('pinTask', { ref: b1! }));
    unwrap(await h.call('updateTask', { taskId: b1!, patch: { status: 'done' } }));
    unwrap(await h.call('retrySync'));
    await whenState(h.core, () => statusOf(a1!) === 'in_review' && statusOf(b1!) === 'done');
    await whenState(h.core, () => h.core.state().connection.waitingElsewhere === undefined);
    const keysFor = (taskId: string) =>
      wire.requests
        .filter((r) => r.method === 'PUT' && r.url.endsWith(taskId) && r.status === 200)
        .map((r) => r.apiKey);
    expect(keysFor(a1!)).toEqual([env.server.keys.full]);
    expect(keysFor(b1!)).toEqual([env.server.keys.colleague]);
    expect(shownId(unwrap(await h.call('getAccount')))).toBe(shownId(second));
    // Back on the first account: its task landed while it was not shown.
    unwrap(await h.call('switchProfile', { profileId: shownId(first)! }));
    expect(unwrap(await h.call('listTasks'))).toEqual([
      expect.objectContaining({ id: a1, sync: 'idle', pendingPatch: null }),
    ]);
  });

  it('renames an account, and refuses an empty name with words', async () => {
    const { h, dir } = await app();
    const first = unwrap(await connect(h, env.server.keys.full));
    const renamed = unwrap(
      await h.call('renameProfile', { profileId: shownId(first)!, label: '  Work  ' }),
    );
    expect(renamed.state === 'connected' && renamed.profile.label).toBe('Work');
    expect(renamed.profiles.map((p) => p.label)).toEqual(['Work']);
    expect(
      failure(await h.call('renameProfile', { profileId: shownId(first)!, label: '   ' })).message,
    ).toMatch(/A name cannot be empty/);
    // Kept across a restart.
    await h.core.dispose();
    const again = await app(dir);
    const status = unwrap(await again.h.call('getAccount'));
    expect(status.state === 'connected' && status.profile.label).toBe('Work');
  });

  it('removing an account deletes its keychain entry, keeps its waiting changes for its return, and shows the next', async () => {
    const { h, wire } = await app();
    const [a1, b1] = ids();
    const first = unwrap(await connect(h, env.server.keys.full));
    unwrap(await h.call('pinTask', { ref: a1! }));
    const second = unwrap(await connect(h, env.server.keys.colleague));
    unwrap(await h.call('pinTask', { ref: b1! }));
    await env.relay.stop();
    const before = statusOf(b1!);
    unwrap(await h.call('updateTask', { taskId: b1!, patch: { status: 'canceled' } }));

    // Removing the shown account: its key leaves the keychain, the other one is shown.
    expect(await keytar.getPassword(env.service, shownId(second)!)).not.toBeNull();
    const after = unwrap(await h.call('removeProfile', { profileId: shownId(second)! }));
    expect(shownId(after)).toBe(shownId(first));
    expect(after.profiles.map((p) => p.id)).toEqual([shownId(first)]);
    expect(await keytar.getPassword(env.service, shownId(second)!)).toBeNull();
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toEqual([a1]);
    // A restart to update need not wait for it: it waits on disk for the account's return.
    expect(h.core.waitingChanges()).toBe(0);
    await env.relay.start();
    unwrap(await h.call('retrySync'));
    // Nobody sends it now: its key is gone. (The shown account's change lands meanwhile.)
    unwrap(await h.call('updateTask', { taskId: a1!, patch: { status: 'in_progress' } }));
    await whenState(h.core, () => statusOf(a1!) === 'in_progress');
    unwrap(await h.call('retrySync'));
    await whenState(h.core, () => h.core.state().connection.pendingChanges === 0);
    expect(statusOf(b1!)).toBe(before);
    expect(wire.requests.filter((r) => r.method === 'PUT' && r.url.endsWith(b1!))).toEqual(
      wire.requests.filter((r) => r.method === 'PUT' && r.url.endsWith(b1!) && r.status === null),
    );

    // The same key connecting again finds its pin and sends its change.
    unwrap(await connect(h, env.server.keys.colleague));
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toEqual([b1]);
    await whenState(h.core, () => statusOf(b1!) === 'canceled');
  });

  it('with the demo shown, another account can be removed, and leaving the demo shows the one before', async () => {
    const { h } = await app();
    const first = unwrap(await connect(h, env.server.keys.full));
    const second = unwrap(await connect(h, env.server.keys.colleague));
    const demo = unwrap(await h.call('startDemo'));
    expect(demo.state === 'connected' && demo.profile.demo).toBe(true);
    // Removing the account that was shown before the demo: gone, key and all; the demo stays.
    const removed = unwrap(await h.call('removeProfile', { profileId: shownId(second)! }));
    expect(removed.state === 'connected' && removed.profile.demo).toBe(true);
    expect(removed.profiles.map((p) => p.id)).toEqual([shownId(first), 'demo']);
    expect(await keytar.getPassword(env.service, shownId(second)!)).toBeNull();
    // Leaving the demo: the account that remains is shown, not the first-run screen.
    const left = unwrap(await h.call('signOut'));
    expect(shownId(left)).toBe(shownId(first));
    expect(left.profiles.map((p) => p.id)).toEqual([shownId(first)]);
    await Promise.all(h.demos.map((d) => d.close()));
  });

  it('a notification of another account opens on that account, at its task', async () => {
    const { h } = await app();
    const [a1] = ids();
    const first = unwrap(await connect(h, env.server.keys.full));
    unwrap(await h.call('pinTask', { ref: a1! }));
    unwrap(await connect(h, env.server.keys.colleague));
    unwrap(await h.core.openTask({ profileId: shownId(first)!, taskId: a1! }));
    expect(shownId(unwrap(await h.call('getAccount')))).toBe(shownId(first));
    expect(h.events.filter((e) => e.event === 'view:open')).toEqual([
      { event: 'view:open', payload: { screen: 'tasks', taskId: a1 } },
    ]);
    // Its task unpinned since: the account's list is shown, no row asked for.
    unwrap(await h.call('unpinTask', { taskId: a1! }));
    unwrap(await h.core.openTask({ profileId: shownId(first)!, taskId: a1! }));
    expect(h.events.filter((e) => e.event === 'view:open').at(-1)).toEqual({
      event: 'view:open',
      payload: { screen: 'tasks' },
    });
    // An account removed since: said, nothing else changes.
    const gone = failure(
      await h.core.openTask({ profileId: 'profile_0000000000000000', taskId: a1! }),
    );
    expect(gone.message).toMatch(/no longer on this computer/);
    expect(shownId(unwrap(await h.call('getAccount')))).toBe(shownId(first));
  });

  it('refuses to switch to an account that is not on this computer, and changes nothing', async () => {
    const { h } = await app();
    const first = unwrap(await connect(h, env.server.keys.full));
    const refused = failure(
      await h.call('switchProfile', { profileId: 'profile_0000000000000000' }),
    );
    expect(refused.message).toMatch(/no longer on this computer/);
    expect(shownId(unwrap(await h.call('getAccount')))).toBe(shownId(first));
  });
});
