import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, FIRST_SCREEN_READS } from '../../../common/channels';
import type { Result } from '../../../common/result';
import type { PinnedTaskView } from '../../../common/views';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createEventEncoder } from '../../../main/ipc/event-encoder';
import { createMemorySecretStore } from '../../../main/secrets';
import { createBridge } from '../../../preload/bridge';
import type { Transport } from '../../../preload/bridge';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { unwrap } from '../../helpers/result';
import { removeTempDir } from '../../helpers/temp-dir';

/**
 * The preload's bridge over main's real core, as IPC would carry it: calls go
 * to the dispatcher, events through main's encoder (task lists as patches).
 * Records the channels the page asked main for.
 */
function coreTransport(h: CoreHarness): { transport: Transport; asked: string[] } {
  const asked: string[] = [];
  const encoder = createEventEncoder();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  h.core.onEvent((event, payload) => {
    const message = encoder.encode(event, payload as never);
    if (message) for (const l of listeners.get(message.channel) ?? []) l(message.payload);
  });
  return {
    asked,
    transport: {
      invoke: (channel, input) => {
        asked.push(channel);
        return h.core.dispatch(channel, input);
      },
      subscribe: (channel, listener) => {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(listener);
        return () => set.delete(listener);
      },
      hello: () => encoder.reset(),
      pathForFile: () => '',
    },
  };
}

const ids = (r: Result<PinnedTaskView[]>) => unwrap(r).map((v) => v.id);

describe('the first screen’s reads, asked for by the preload as the page starts', () => {
  let server: DemoServer;
  let dir: string;
  let h: CoreHarness;
  let taskIds: string[];

  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false });
    dir = await mkdtemp(join(tmpdir(), 'task-tray-first-reads-'));
    h = createCoreHarness(dir, 'unused: memory secret store', {
      secrets: createMemorySecretStore(),
    });
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    taskIds = server.taskIds(server.session.organizationId);
    unwrap(await h.call('pinTask', { ref: { taskId: taskIds[0] as string } }));
  });
  afterAll(async () => {
    await h.core.dispose();
    await server.close();
    await removeTempDir(dir);
  });

  it('asks main for everything the first frame shows before the renderer asks, and only once', async () => {
    const { transport, asked } = coreTransport(h);
    const api = createBridge(transport);
    // Asked for while the renderer's bundle would still be loading.
    expect(asked).toEqual(FIRST_SCREEN_READS.map(([name]) => CHANNELS[name]));

    expect(ids(await api.listTasks())).toEqual([taskIds[0]]);
    expect(unwrap(await api.getAccount()).state).toBe('connected');
    expect(asked.filter((c) => c === CHANNELS.listTasks)).toHaveLength(1);
    // Later reads, and reads with input ("Try again"), go to main as usual.
    await api.listTasks();
    await api.getOrganization({ refresh: true });
    expect(asked.filter((c) => c === CHANNELS.listTasks)).toHaveLength(2);
    expect(asked.filter((c) => c === CHANNELS.getOrganization)).toHaveLength(2);
  });

  it('gives the renderer what main announced after the early read was sent, not the older answer', async () => {
    const { transport } = coreTransport(h);
    const api = createBridge(transport);
    // A task pinned (from the tray, a link) while the page is still loading: main's
    // answer to the early read predates it, its tasks:changed does not.
    unwrap(await h.call('pinTask', { ref: { taskId: taskIds[1] as string } }));
    expect(ids(await api.listTasks())).toEqual([taskIds[0], taskIds[1]]);
  });

  it('and the settings changed meanwhile (the tray menu changes them too)', async () => {
    const { transport } = coreTransport(h);
    const api = createBridge(transport);
    const before = unwrap(await h.call('getSettings')).theme;
    const theme = before === 'dark' ? 'light' : 'dark';
    unwrap(await h.call('setSettings', { theme }));
    expect(unwrap(await api.getSettings()).theme).toBe(theme);
  });
});
