import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../common/task';
import type { DemoTask } from '../../../main/demo/model';
import { OUTBOX_FILE } from '../../../main/app/core';
import { createCoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { EXTRA_TASK_PREFIX } from '../../../main/demo/sample-data';
import { observedFetch } from '../../helpers/observed-fetch';
import { unwrap } from '../../helpers/result';
import { createTempDir, removeTempDir } from '../../helpers/temp-dir';
import { whenOutboxEmpty } from '../../helpers/wait-for';

const gate = await keychainGate();

const TASKS = 50;
const CHANGES = 500;
const FAULT_RATE = 0.2;
const BURST = 25;
/** The service's limit, and the app's pacing set to the same. */
const RATE = { limit: 100, windowMs: 1_000 };
/** Injected 429s say so, to tell them from a 429 the pacing would have caused. */
const INJECTED = 'injected by the soak';

/** A small seeded generator, so a failing run can be replayed with its seed. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The fields a change may set, each with what the service then holds for it. */
type Field = 'status' | 'priority' | 'title' | 'assigneeId';
const FIELDS: readonly Field[] = ['status', 'priority', 'title', 'assigneeId'];
/** Members of the demo's first organization: an owner and an admin (the web app's assignees). */
const ASSIGNEES = ['mem_n1maya7q2c', 'mem_n2dan4k8ro', null] as const;
const held = (t: DemoTask | undefined, f: Field): unknown => t?.[f];

describe.skipIf(gate.skip)('soak: 500 mixed-field changes over 50 tasks, 20 % faults', () => {
  const service = uniqueTestService();
  let svc: DemoServer;
  let orgId: string;
  let taskIds: string[];
  let dir: string;

  beforeAll(async () => {
    gate.assertAvailable();
    // The two operations only: a soak of the person's changes, without background reads pacing alongside.
    svc = await startDemoServer({ extraTasks: TASKS, rateLimit: RATE, reads: false });
    orgId = svc.organizations[0]!.id;
    taskIds = svc.taskIds(orgId).filter((id) => id.startsWith(EXTRA_TASK_PREFIX));
    dir = await createTempDir('task-tray-soak-');
  });
  afterAll(async () => {
    await svc.close();
    await removeTempDir(dir);
    await removeTestService(service);
  });

  it(
    'ends with every task as last asked, the outbox empty, and no 429 of its own making',
    {
      timeout: 60_000,
    },
    async () => {
      const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
      const random = seeded(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
      const wire = observedFetch();
      const notified: string[] = [];
      const h = createCoreHarness(dir, service, {
        fetch: wire.fetch,
        notify: (n) => {
          if (n.kind === 'change-landed') notified.push(n.title);
        },
        outbox: { backoff: { baseMs: 20, maxMs: 400 }, rate: RATE, random },
      });
      await h.core.start();
      unwrap(await h.call('connectApiKey', { baseUrl: svc.baseUrl, apiKey: svc.keys.full }));
      for (const id of taskIds) unwrap(await h.call('pinTask', { ref: id }));

      // Task → field → the value last asked for: several fields of one task merge in the outbox.
      const asked = new Map<string, Map<Field, unknown>>();
      const faults = { total: 0, drop: 0, s500: 0, s502: 0, s503: 0, s429: 0 };
      const outcomes = { idle: 0, pending: 0, queued: 0, refused: 0 };
      for (let start = 0; start < CHANGES; start += BURST) {
        const burst: Promise<void>[] = [];
        for (let i = start; i < Math.min(CHANGES, start + BURST); i++) {
          if (random() < FAULT_RATE) {
            faults.total += 1;
            const kind = pick(['drop', 's500', 's502', 's503', 's429'] as const);
            faults[kind] += 1;
            if (kind === 'drop') svc.faults.dropNext(1);
            else if (kind === 's500') svc.faults.failNext(500, 1);
            else if (kind === 's502') svc.faults.failNext(502, 1, '<html>Bad gateway</html>');
            else if (kind === 's503') svc.faults.failNext(503, 1);
            else
              svc.faults.failNext(
                429,
                1,
                { statusCode: 429, message: INJECTED },
                {
                  'Retry-After': '0',
                },
              );
          }
          const taskId = pick(taskIds);
          const field = pick(FIELDS);
          const value =
            field === 'status'
              ? pick(TASK_STATUSES)
              : field === 'priority'
                ? pick(TASK_PRIORITIES)
                : field === 'title'
                  ? `Soak title ${i}`
                  : pick(ASSIGNEES);
          asked.set(taskId, new Map(asked.get(taskId)).set(field, value));
          burst.push(
            h.call('updateTask', { taskId, patch: { [field]: value } }).then((r) => {
              if (!r.ok) outcomes.refused += 1;
              else outcomes[r.value.sync as 'idle' | 'pending' | 'queued'] += 1;
            }),
          );
        }
        await Promise.all(burst);
      }
      await whenOutboxEmpty(h.core);

      const context = `seed ${seed}, faults ${JSON.stringify(faults)}, answers ${JSON.stringify(outcomes)}`;
      // What the person asked for, task by task, is what the service holds.
      const wrong = [...asked].flatMap(([id, fields]) =>
        [...fields]
          .filter(([f, v]) => held(svc.getTask(orgId, id), f) !== v)
          .map(([f, v]) => ({ id, field: f, asked: v, held: held(svc.getTask(orgId, id), f) })),
      );
      expect(wrong, context).toEqual([]);
      expect(outcomes.refused, context).toBe(0);
      // Nothing left to send, on disk or on screen.
      expect(await readFile(join(dir, OUTBOX_FILE), 'utf8')).not.toContain('"patch"');
      const rows = unwrap(await h.call('listTasks'));
      expect(rows.every((r) => r.sync === 'idle' && r.error === null)).toBe(true);
      for (const [id, fields] of asked) {
        const snap = rows.find((r) => r.id === id)?.snapshot;
        for (const [f, v] of fields)
          expect(f === 'assigneeId' ? (snap?.assignee?.id ?? null) : snap?.[f]).toBe(v);
      }
      expect(unwrap(await h.call('getConnection'))).toMatchObject({
        state: 'online',
        cause: 'online',
        pendingChanges: 0,
      });
      // Pacing kept every request under the service's limit: the only 429s were the injected ones.
      const throttled = wire.requests.filter((r) => r.status === 429);
      expect(
        throttled.every((r) => r.responseText?.includes(INJECTED)),
        context,
      ).toBe(true);
      // Faults were really hit and got through (merging makes fewer requests than changes).
      expect(faults.total, context).toBeGreaterThan(CHANGES * FAULT_RATE * 0.6);
      expect(
        wire.requests.filter((r) => r.status === null || r.status >= 500).length,
      ).toBeGreaterThan(0);
      // And once it is all done nothing is left to wake the app but the background sync's
      // next round (one, at its interval): no retry, no pacing. The
      // notification of the changes that waited is gathered for 2 s of quiet, then shown. Only a
      // run slow enough to have shown the 3 a minute allows holds the next for the rest of the minute.
      await vi.waitFor(
        () => {
          const {
            notification = 0,
            'background sync': sync = 0,
            ...others
          } = h.core.timers().pendingByLabel;
          expect(others).toEqual({});
          expect(sync).toBe(1);
          expect(notification).toBeLessThanOrEqual(notified.length < 3 ? 0 : 1);
        },
        { timeout: 10_000 },
      );
      // The soak lasts under a minute: the limit of 3 a minute held, and something was said.
      expect(notified.length, context).toBeGreaterThan(0);
      expect(notified.length, context).toBeLessThanOrEqual(3);
      await h.core.dispose();
    },
  );
});
