import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../common/ipc';
import type { MethodName } from '../../../common/ipc';
import { APP_ERROR_KINDS, SERVICE_ERROR_KINDS } from '../../../common/result';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { anyInput, nearMiss } from './arbitraries';

const gate = await keychainGate();

const KINDS: readonly string[] = [...SERVICE_ERROR_KINDS, ...APP_ERROR_KINDS];
const METHODS = Object.keys(contract) as MethodName[];
const RUNS = 300;

/** A Result as the bridge expects one: { ok: true, value } or { ok: false, error: { kind, message } }. */
function expectResult(answer: unknown): void {
  expect(answer).toBeTypeOf('object');
  const a = answer as {
    ok?: unknown;
    value?: unknown;
    error?: { kind?: unknown; message?: unknown };
  };
  expect(typeof a.ok).toBe('boolean');
  // Whatever main answers must survive the trip over IPC.
  expect(() => structuredClone(answer)).not.toThrow();
  if (a.ok === false) {
    expect(KINDS).toContain(a.error?.kind);
    expect(a.error?.message).toBeTypeOf('string');
    expect((a.error?.message as string).length).toBeGreaterThan(0);
  }
}

describe.skipIf(gate.skip)('every IPC channel, fed random input', () => {
  const tempDir = useTempDirs('task-tray-fuzz-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    gate.assertAvailable();
    process.on('unhandledRejection', onRejection);
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) {
      await h.core.dispose();
      await Promise.all(h.demos.map((d) => d.close()));
    }
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await server.close();
    await removeTestService(service);
  });

  async function connected(): Promise<CoreHarness> {
    const h = createCoreHarness(await tempDir(), service, {
      outbox: { backoff: { baseMs: 10, maxMs: 50 }, rate: { limit: 1000, windowMs: 1000 } },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    for (const id of server.taskIds(server.organizations[0]!.id).slice(0, 3))
      unwrap(await h.call('pinTask', { ref: id }));
    return h;
  }

  it.each(METHODS)(
    '%s: always a Result, and bad input is refused as such',
    { timeout: 120_000 },
    async (name) => {
      const h = await connected();
      const { channel, input: schema } = contract[name];
      const ctx = { taskIds: server.taskIds(server.organizations[0]!.id), baseUrl: server.baseUrl };
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyInput, nearMiss(schema, ctx)), async (input) => {
          const valid = schema.safeParse(input).success;
          const answer = await h.raw(channel, input);
          expectResult(answer);
          if (!valid) {
            refused += 1;
            expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
          }
        }),
        { numRuns: RUNS },
      );
      // The generators did reach the schema's refusals (and, for most channels, got past them too).
      expect(refused).toBeGreaterThan(0);
      await h.core.dispose();
      expect(rejections).toEqual([]);
    },
  );

  it('channels that are not in the contract are refused, whatever their name', async () => {
    const h = await connected();
    const known = new Set(METHODS.map((m) => contract[m].channel));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
        ),
        anyInput,
        async (channel, input) => {
          fc.pre(!known.has(channel));
          const answer = await h.raw(channel, input);
          expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
        },
      ),
      { numRuns: 300 },
    );
  });

  afterAll(() => {
    // Nothing the fuzzing sent reached a prototype.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(rejections).toEqual([]);
  });
});
