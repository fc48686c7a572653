import { describe, expect, it } from 'vitest';
import { contract } from '../../../common/ipc';
import type { MethodName } from '../../../common/ipc';
import { appError, err, ok } from '../../../common/result';
import { createDispatcher } from '../../../main/ipc/dispatcher';
import type { Handlers } from '../../../main/ipc/handlers';
import { createLogger } from '../../../main/log/logger';
import { createSecretGuard } from '../../../main/secrets/secret-guard';

const SECRET = 'comp_secretsecretsecretsecret0001';

/** Handlers that record what reached them; the dispatcher is what is under test. */
function recordingHandlers(reached: unknown[]): Handlers {
  const handlers = {} as Record<MethodName, (input: unknown) => Promise<unknown>>;
  for (const name of Object.keys(contract) as MethodName[]) {
    handlers[name] = async (input) => {
      reached.push(input);
      return ok(null);
    };
  }
  return handlers as unknown as Handlers;
}

function setup(overrides: Partial<Handlers> = {}) {
  const reached: unknown[] = [];
  const logs: string[] = [];
  const dispatch = createDispatcher(
    { ...recordingHandlers(reached), ...overrides },
    {
      log: createLogger(
        (_l, line) => logs.push(line),
        () => [SECRET],
      ),
      guard: () => createSecretGuard([SECRET]),
    },
  );
  return { dispatch, reached, logs };
}

describe('the IPC dispatcher', () => {
  it('passes a well-formed request to its handler', async () => {
    const { dispatch, reached } = setup();
    const answer = await dispatch('tasks:update', {
      taskId: 'tski_abc',
      patch: { status: 'done' },
    });
    expect(answer).toEqual({ ok: true, value: null });
    expect(reached).toEqual([{ taskId: 'tski_abc', patch: { status: 'done' } }]);
  });

  it.each([
    ['tasks:update', { taskId: 'tski_abc', patch: { status: 'finished' } }, /status/],
    ['tasks:update', { taskId: '../../v1/organization', patch: { status: 'done' } }, /taskId/],
    ['tasks:update', { taskId: 'tski_abc', patch: {} }, /Nothing to change/],
    ['tasks:update', { taskId: 'tski_abc', patch: { title: undefined } }, /Nothing to change/],
    [
      'tasks:update',
      { taskId: 'tski_abc', patch: { status: 'done', entityId: 'vnd_1' } },
      /field it does not take/,
    ],
    // Only the five fields, each as the service takes it: "" would be a 500 there, null a 500 for a title.
    ['tasks:update', { taskId: 'tski_abc', patch: { assigneeId: '' } }, /member id/],
    ['tasks:update', { taskId: 'tski_abc', patch: { title: null } }, /title/],
    ['tasks:update', { taskId: 'tski_abc', patch: { priority: null } }, /priority/],
    ['tasks:pin', { ref: 'x'.repeat(5000) }, /too long/],
    ['tasks:pin', { ref: 42 }, /ref/],
    ['tasks:pin', 'tski_abc', /expected object/i],
    ['account:status', { sneaky: true }, /expected undefined/i],
    [
      'account:connect-api-key',
      { baseUrl: 'https://x', apiKey: '', organizationId: 'org_1' },
      /API key/,
    ],
    ['settings:set', { theme: 'sepia' }, /theme/],
    ['settings:set', { shortcut: 'rm -rf /' }, /shortcut/i],
    ['shell:open-external', { url: 'x'.repeat(3000) }, /too long/],
  ])(
    'refuses %s %j with a specific bad_input error and never calls the handler',
    async (channel, input, message) => {
      const { dispatch, reached } = setup();
      const answer = await dispatch(channel, input);
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error.kind).toBe('bad_input');
      expect(answer.error.message).toMatch(message);
      expect(reached).toEqual([]);
    },
  );

  it('refuses a channel that is not in the contract', async () => {
    const { dispatch } = setup();
    const answer = await dispatch('fs:read', { path: '/etc/passwd' });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'bad_input', message: 'Task Tray does not know this request.' },
    });
    expect(JSON.stringify(answer)).not.toContain('fs:read');
  });

  it('turns a handler that throws into an error result, logged without the secret', async () => {
    const { dispatch, logs } = setup({
      listTasks: async () => {
        throw new Error(`boom with ${SECRET}`);
      },
    });
    const answer = await dispatch('tasks:list', undefined);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    expect(logs.join('\n')).toContain('tasks:list failed');
    expect(logs.join('\n')).not.toContain(SECRET);
  });

  it('redacts the secret, or any 8 characters of it, from an answer and keeps the rest', async () => {
    const { dispatch } = setup({
      getConnection: async () => err(appError('server', `echo ${SECRET.slice(0, 12)}…`)),
    });
    const answer = await dispatch('connection:get', undefined);
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'server', message: 'echo [redacted]…' },
    });
  });

  it('answers with a Result even when the answer cannot be walked', async () => {
    const { dispatch, logs } = setup({
      // A getter that throws (a Proxy, which could do the same, is replaced whole unasked).
      getConnection: async () =>
        ok({
          get state(): string {
            throw new Error(`trap ${SECRET}`);
          },
        } as never),
    });
    const answer = await dispatch('connection:get', undefined);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(logs.join('\n')).not.toContain(SECRET.slice(0, 8));
  });

  it('never quotes what the page sent: an unknown field named like the key stays out of the answer', async () => {
    const { dispatch } = setup();
    const answer = await dispatch('tasks:update', {
      taskId: 'tski_abc',
      patch: { status: 'done' },
      [SECRET]: 1,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    const long = 'k'.repeat(100_000);
    const huge = await dispatch('tasks:pin', { ref: 'tski_a', [long]: 1 });
    expect(JSON.stringify(huge).length).toBeLessThan(400);
  });

  it('redacts a refusal that would echo the secret, not only handler answers', async () => {
    const { dispatch } = setup();
    const answer = await dispatch('settings:set', { signInUrl: SECRET.repeat(100) });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
  });

  it('refuses an answer larger than BOUNDS.ipcBytes with a message that says so (issue 34, finding 1)', async () => {
    const huge = Array.from({ length: 300 }, (_, i) => ({
      id: `tski_${i}`,
      description: 'x'.repeat(60_000),
    }));
    const { dispatch, logs } = setup({
      listTasks: async () => ok(huge),
    } as unknown as Partial<Handlers>);
    const answer = await dispatch(contract.listTasks.channel, undefined);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(answer)).toMatch(
      /answer was not sent to the window: it is larger than 16 MB/,
    );
    expect(JSON.stringify(answer).length).toBeLessThan(1_000);
    expect(logs.join('\n')).toMatch(/larger than 16 MB/);
  });
});
