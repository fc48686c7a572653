// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../../common/result';
import type { Result } from '../../../common/result';
import type { PinnedTaskView } from '../../../common/views';
import { createMainStore } from '../../../renderer/lib/main-store';
import { createFakeApi, deferred } from '../fake-api';
import { view } from '../fixtures';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('main store', () => {
  it('asks for everything at once and is ready when every answer is in', async () => {
    const fake = createFakeApi();
    const store = createMainStore(fake.api);
    expect(fake.calls.map((c) => c.method).sort()).toEqual(
      ['getAccount', 'getConnection', 'getOrganization', 'getSettings', 'listTasks'].sort(),
    );
    expect(store.get('tasks').phase).toBe('loading');
    await store.ready(['account', 'tasks', 'organization', 'connection', 'settings']);
    expect(store.get('tasks')).toEqual({ phase: 'ready', value: [view()] });
    store.dispose();
  });

  it('keeps an event that arrives before the slower answer: the event is newer', async () => {
    const fake = createFakeApi();
    const answer = deferred<Result<PinnedTaskView[]>>();
    fake.answer('listTasks', () => answer.promise);
    const store = createMainStore(fake.api);
    const fresh = [view({ task: { title: 'From the event' } })];
    fake.emit('tasks:changed', fresh);
    answer.resolve(ok([view({ task: { title: 'Stale answer' } })]));
    await tick();
    expect(store.get('tasks')).toEqual({ phase: 'ready', value: fresh });
    store.dispose();
  });

  it('reports a refusal as an error state, and loads again on reload', async () => {
    const fake = createFakeApi();
    fake.answer('getOrganization', async () => err(appError('network', 'Unreachable.')));
    const store = createMainStore(fake.api);
    await store.ready(['organization']);
    expect(store.get('organization')).toEqual({
      phase: 'error',
      error: { kind: 'network', message: 'Unreachable.' },
    });
    fake.answer('getOrganization', async () => ok(fake.state.organization!));
    store.reload('organization');
    expect(store.get('organization').phase).toBe('loading');
    await store.ready(['organization']);
    expect(store.get('organization').phase).toBe('ready');
    expect(fake.callsOf('getOrganization')).toEqual([undefined, { refresh: true }]);
    store.dispose();
  });

  it('tells subscribers about changes, and stops listening to main when disposed', async () => {
    const fake = createFakeApi();
    const store = createMainStore(fake.api);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    await store.ready(['account', 'tasks', 'organization', 'connection', 'settings']);
    const before = heard;
    fake.emit('connection:changed', {
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 2,
      message: null,
    });
    expect(heard).toBe(before + 1);
    store.dispose();
    expect(fake.listenerCount('connection:changed')).toBe(0);
    expect(fake.listenerCount('tasks:changed')).toBe(0);
  });

  it('changes a loaded value with a function of the latest one, and ignores it while loading', async () => {
    const fake = createFakeApi();
    const answer = deferred<Result<PinnedTaskView[]>>();
    fake.answer('listTasks', () => answer.promise);
    const store = createMainStore(fake.api);
    store.set('tasks', (list) => [...list, view({ id: 'tski_x' })]);
    expect(store.get('tasks').phase).toBe('loading');
    answer.resolve(ok([view()]));
    await store.ready(['tasks']);
    store.set('tasks', (list) => [...list, view({ id: 'tski_x', snapshot: null })]);
    const s = store.get('tasks');
    expect(s.phase === 'ready' && s.value.map((t) => t.id)).toEqual(['tski_abc123', 'tski_x']);
    store.dispose();
  });
});
