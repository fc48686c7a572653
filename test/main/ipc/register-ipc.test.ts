import { describe, expect, it } from 'vitest';
import { contract } from '../../../common/ipc';
import type { MethodName } from '../../../common/ipc';
import { ok } from '../../../common/result';
import { registerIpc } from '../../../main/ipc/register-ipc';
import { isTrustedSender } from '../../../main/ipc/trusted-sender';

type Listener = (event: { senderFrame: unknown }, input: unknown) => unknown;

/** Records what registerIpc hands to ipcMain; the calls below play the renderer's part. */
function recordingIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, listener: Listener) => void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
}

const ourPage = { url: 'app://bundle/index.html', parent: null };

describe('registerIpc', () => {
  function setup() {
    const ipc = recordingIpcMain();
    const dispatched: [string, unknown][] = [];
    const unregister = registerIpc(
      ipc as never,
      async (channel, input) => {
        dispatched.push([channel, input]);
        return ok('answered');
      },
      isTrustedSender,
    );
    return { ipc, dispatched, unregister };
  }

  it('registers every channel of the contract, and removes them all again', () => {
    const { ipc, unregister } = setup();
    const channels = (Object.keys(contract) as MethodName[]).map((m) => contract[m].channel);
    expect([...ipc.handlers.keys()].sort()).toEqual([...channels].sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it('passes a request from our own top frame to the dispatcher', async () => {
    const { ipc, dispatched } = setup();
    const answer = await ipc.handlers.get('tasks:list')!({ senderFrame: ourPage }, undefined);
    expect(answer).toEqual({ ok: true, value: 'answered' });
    expect(dispatched).toEqual([['tasks:list', undefined]]);
  });

  it.each([
    ['a frame that is gone', null],
    ['a subframe of our page', { url: 'app://bundle/index.html', parent: ourPage }],
    ['another origin', { url: 'https://evil.example/', parent: null }],
    ['a file page', { url: 'file:///tmp/x.html', parent: null }],
  ])('refuses %s on every channel, without dispatching', async (_, frame) => {
    const { ipc, dispatched } = setup();
    for (const [channel, listener] of ipc.handlers) {
      const answer = await listener({ senderFrame: frame }, { ref: 'tski_a' });
      expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    }
    expect(dispatched).toEqual([]);
  });
});
