import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { findSecretRun } from '../../helpers/secret-runs';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** Printable ASCII as Unicode's full-width forms (U+FF01–FF5E). */
const fullWidth = (s: string): string =>
  s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/**
 * Issue 34, finding 8: a service that echoes the key transformed, in a
 * task's title, must not get it into the task list the popup is sent, nor
 * into settings.json where the pin keeps it (docs/ARCHITECTURE.md,
 * invariant 1).
 */
describe.skipIf(gate.skip)('transformed echoes of the key reach no event and no file', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-echoes-');
  let server: DemoServer;
  let h: CoreHarness;

  beforeAll(async () => {
    gate.assertAvailable();
    // Interface-only: no background read replaces the titles the changes answered with.
    server = await startDemoServer({ rateLimit: false, reads: false });
  });
  afterAll(async () => {
    await h?.core.dispose();
    await server.close();
    await removeTestService(service);
  });

  const forms = (key: string): Record<string, string> => ({
    'full-width': fullWidth(key),
    hex: Buffer.from(key).toString('hex'),
    reversed: [...key].reverse().join(''),
    'spelled out with spaces': [...key].join(' '),
    'spelled out with dashes': [...key].join('-'),
    'spelled out as a JSON array': JSON.stringify([...key]),
  });

  it('a task titled with the key full-width, in hex, reversed or spelled out: redacted in the tasks:changed event and settings.json', async () => {
    const dir = await tempDir();
    h = createCoreHarness(dir, service);
    await h.core.start();
    const key = server.keys.full;
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: key }));
    const org = server.organizations[0]!.id;
    const [taskId] = server.taskIds(org);
    unwrap(await h.call('pinTask', { ref: taskId! }));
    const wire = server.wireTasks(org).find((t) => t['id'] === taskId)!;
    server.faults.onlyFor = /^PUT /;

    for (const [name, form] of Object.entries(forms(key))) {
      // The scanner sees the form: a positive control for each.
      expect(findSecretRun(`title ${form}`, [key]), name).not.toBeNull();
      const before = h.events.length;
      server.faults.failNext(200, 1, { ...wire, title: `${name}: ${form}` });
      unwrap(await h.call('updateTask', { taskId: taskId!, patch: { priority: 'high' } }));
      const [row] = unwrap(await h.call('listTasks'));
      // From the key's first character to its last: a JSON array keeps its brackets.
      expect(row?.snapshot?.title, name).toMatch(
        new RegExp(`^${name}: \\W{0,2}\\[redacted\\]\\W{0,2}$`),
      );
      const changed = h.events.slice(before).filter((e) => e.event === 'tasks:changed');
      expect(changed.length, name).toBeGreaterThan(0);
      expect(findSecretRun(JSON.stringify(changed), [key]), name).toBeNull();
    }
    await h.core.dispose();
    const settings = await readFile(join(dir, 'settings.json'), 'utf8');
    expect(settings).toContain('[redacted]');
    expect(findSecretRun(settings, [key])).toBeNull();
    expect(findSecretRun(JSON.stringify([h.events, h.answers]), [key])).toBeNull();
  });
});
