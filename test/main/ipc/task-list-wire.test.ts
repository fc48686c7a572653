import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIRE } from '../../../common/channels';
import type { PinnedTaskView, TaskSyncState } from '../../../common/views';
import { createEventEncoder } from '../../../main/ipc/event-encoder';
import type { WireMessage } from '../../../main/ipc/event-encoder';
import { createEventSender } from '../../../main/ipc/event-sender';
import { isTrustedSender } from '../../../main/ipc/trusted-sender';
import { createTaskListDecoder } from '../../../preload/task-list-decoder';
import { view } from '../../renderer/fixtures';

const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;

/** Main builds a fresh list on every change: a copy, as the page would see it after IPC. */
const fresh = (list: readonly PinnedTaskView[]): PinnedTaskView[] =>
  JSON.parse(JSON.stringify(list)) as PinnedTaskView[];

/** What the page's listeners get for one message (the preload's side). */
function receive(
  decoder: ReturnType<typeof createTaskListDecoder>,
  m: WireMessage | null,
): readonly PinnedTaskView[] | null {
  if (!m) return null;
  if (m.channel === 'tasks:changed') return decoder.whole(m.payload as PinnedTaskView[]);
  if (m.channel === WIRE.tasksPatched) return decoder.patch(m.payload as PinnedTaskView[]);
  throw new Error(`unexpected channel ${m.channel}`);
}

describe('task lists on the wire: whole, or only what changed', () => {
  const a = view({ id: 'tski_a1' });
  const b = view({ id: 'tski_b1' });
  const bDone = view({ id: 'tski_b1', task: { status: 'done' }, sync: 'pending' });

  it('sends one changed task, and the page has the whole new list', () => {
    const encoder = createEventEncoder();
    const decoder = createTaskListDecoder();
    receive(decoder, encoder.encode('tasks:changed', fresh([a, b])));
    const m = encoder.encode('tasks:changed', fresh([a, bDone]));
    expect(m?.channel).toBe(WIRE.tasksPatched);
    expect((m?.payload as PinnedTaskView[]).map((v) => v.id)).toEqual(['tski_b1']);
    expect(receive(decoder, m)).toEqual([a, bDone]);
  });

  it('sends the list whole when tasks are pinned, unpinned or reordered', () => {
    const encoder = createEventEncoder();
    encoder.encode('tasks:changed', [a, b]);
    expect(encoder.encode('tasks:changed', [a, b, view({ id: 'tski_c1' })])?.channel).toBe(
      'tasks:changed',
    );
    expect(encoder.encode('tasks:changed', [b])?.channel).toBe('tasks:changed');
    encoder.encode('tasks:changed', [a, b]);
    expect(encoder.encode('tasks:changed', [b, a])?.channel).toBe('tasks:changed');
    expect(encoder.encode('tasks:changed', [])?.channel).toBe('tasks:changed');
  });

  it('sends nothing when the list reads the same, and other events as they are', () => {
    const encoder = createEventEncoder();
    encoder.encode('tasks:changed', fresh([a, b]));
    expect(encoder.encode('tasks:changed', fresh([a, b]))).toBeNull();
    const org = { channel: 'org:changed', payload: null };
    expect(encoder.encode('org:changed', null)).toEqual(org);
  });

  it('after a page says hello, the next list goes whole; a patch with no list under it is dropped', () => {
    const encoder = createEventEncoder();
    encoder.encode('tasks:changed', [a, b]);
    const patchForTheOldPage = encoder.encode('tasks:changed', fresh([a, bDone]));
    // The page reloads: its new preload has no list yet.
    const decoder = createTaskListDecoder();
    expect(receive(decoder, patchForTheOldPage)).toBeNull();
    encoder.reset();
    const next = encoder.encode('tasks:changed', fresh([a, bDone]));
    expect(next?.channel).toBe('tasks:changed');
    expect(receive(decoder, next)).toEqual([a, bDone]);
  });

  it('whatever main sends in turn, the page ends each step with the same list', () => {
    const ids = ['tski_a1', 'tski_b1', 'tski_c1', 'tski_d1'];
    const step = fc.record({
      pinned: fc.subarray(ids),
      statuses: fc.array(fc.constantFrom(...STATUSES), { minLength: 4, maxLength: 4 }),
      syncs: fc.array(fc.constantFrom<TaskSyncState[]>('idle', 'pending', 'queued', 'failed'), {
        minLength: 4,
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const encoder = createEventEncoder();
        const decoder = createTaskListDecoder();
        let shown: readonly PinnedTaskView[] | null = null;
        for (const s of steps) {
          const list = s.pinned.map((id, i) =>
            view({ id, task: { id, status: s.statuses[i] }, sync: s.syncs[i] }),
          );
          shown = receive(decoder, encoder.encode('tasks:changed', fresh(list))) ?? shown;
          expect(shown).toEqual(list);
        }
      }),
    );
  });
});

describe('createEventSender', () => {
  type Listener = (event: { senderFrame: unknown }) => void;
  function setup() {
    const sent: { channel: string; payload: unknown }[] = [];
    let page: { send: (c: string, p: unknown) => void; isDestroyed: () => boolean } | undefined;
    const listeners = new Map<string, Listener>();
    const ipcMain = {
      on: (c: string, l: Listener) => void listeners.set(c, l),
      removeListener: (c: string) => void listeners.delete(c),
    };
    const sender = createEventSender(() => page);
    const stop = sender.listenForHello(ipcMain as never, isTrustedSender);
    const open = () =>
      (page = {
        send: (channel, payload) => sent.push({ channel, payload }),
        isDestroyed: () => false,
      });
    const hello = (frame: unknown) => listeners.get(WIRE.hello)?.({ senderFrame: frame });
    return { sent, sender, open, hello, stop, listeners };
  }
  const a = view({ id: 'tski_a1' });
  const aDone = view({ id: 'tski_a1', task: { status: 'done' } });
  const ourPage = { url: 'app://bundle/index.html', parent: null };

  it('remembers only what reached a page: with no window yet, the first list still goes whole', () => {
    const { sent, sender, open } = setup();
    sender.send('tasks:changed', [a]);
    open();
    sender.send('tasks:changed', fresh([aDone]));
    expect(sent.map((m) => m.channel)).toEqual(['tasks:changed']);
  });

  it('sends the whole list again after a hello from our page, not from anyone else', () => {
    const { sent, sender, open, hello } = setup();
    open();
    sender.send('tasks:changed', [a]);
    hello({ url: 'https://evil.example/', parent: null });
    hello({ url: 'app://bundle/index.html', parent: ourPage });
    sender.send('tasks:changed', fresh([aDone]));
    hello(ourPage);
    sender.send('tasks:changed', fresh([a]));
    expect(sent.map((m) => m.channel)).toEqual([
      'tasks:changed',
      WIRE.tasksPatched,
      'tasks:changed',
    ]);
  });

  it('stops listening for hellos when asked', () => {
    const { stop, listeners } = setup();
    stop();
    expect(listeners.has(WIRE.hello)).toBe(false);
  });
});
