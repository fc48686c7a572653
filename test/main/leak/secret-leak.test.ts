import { COMPLIANCE_FILE } from '../../../main/compliance/compliance-file';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutScopeCheck } from '../../helpers/demo';
import { ok } from '../../../common/result';
import { OUTBOX_FILE } from '../../../main/app/core';
import { createLogFile } from '../../../main/log/log-file';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { startTcpRelay } from '../../helpers/tcp-relay';
import type { TcpRelay } from '../../helpers/tcp-relay';
import { filesWithSecretRuns, findSecretRun } from '../../helpers/secret-runs';
import { filesContaining, removeTempDir } from '../../helpers/temp-dir';
import { whenOutboxEmpty } from '../../helpers/wait-for';

const gate = await keychainGate();

/** A key a person might paste by mistake: recognisable wherever it turns up. */
const WRONG_KEY = `comp_${'deadbeef'.repeat(8)}`;

describe.skipIf(gate.skip)('no secret leaves main: files, logs, IPC answers and events', () => {
  const service = uniqueTestService();
  let server: DemoServer;
  let relay: TcpRelay;
  let userDataDir: string;
  /** Where electron-log's file transport writes the log file a person could send. */
  let logDir: string;
  /** Every harness's logs, answers and events: what the renderer and a log file would see. */
  const harnesses: CoreHarness[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
    relay = await startTcpRelay(server.baseUrl);
    userDataDir = await mkdtemp(join(tmpdir(), 'task-tray-leak-'));
    logDir = await mkdtemp(join(tmpdir(), 'task-tray-leak-logs-'));
    secrets.push(server.keys.full, server.keys.noScope, server.session.token, WRONG_KEY);
  });
  afterAll(async () => {
    for (const h of harnesses) {
      await h.core.dispose();
      await Promise.all(h.demos.map((d) => d.close()));
    }
    await relay.close();
    await server.close();
    await removeTempDir(userDataDir);
    await removeTempDir(logDir);
    await removeTestService(service);
  });

  async function start(): Promise<CoreHarness> {
    const h = createCoreHarness(userDataDir, service, {
      outbox: { backoff: { baseMs: 10, maxMs: 50 }, rate: { limit: 1000, windowMs: 1000 } },
      logSink: createLogFile(electronLog, {
        filePath: join(logDir, 'main.log'),
        echo: () => undefined,
      }).sink,
      signInWithBrowser: async () =>
        ok({ cookie: server.session.cookie, organizationId: server.session.organizationId }),
      // Yes to handing waiting changes over: the flow goes on to its end.
      confirm: async () => true,
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  }

  it(
    'runs the flows: connect, pin, change, faults, restart, session, demo, sign out, errors',
    {
      timeout: 60_000,
    },
    async () => {
      const org = server.organizations[0]!.id;
      const [a, b, c] = server.taskIds(org);
      let h = await start();

      // A wrong key, pasted where keys and links go.
      failure(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: WRONG_KEY }));
      failure(await h.call('pinTask', { ref: WRONG_KEY }));
      failure(
        await h.call('connectApiKey', { baseUrl: `${relay.baseUrl}/${WRONG_KEY}`, apiKey: 'x' }),
      );

      // Connected, pinned, changed.
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      for (const id of [a!, b!, c!]) unwrap(await h.call('pinTask', { ref: id }));
      failure(await h.call('pinTask', { ref: server.keys.full }));
      unwrap(await h.call('updateTask', { taskId: a!, patch: { status: 'in_review' } }));
      unwrap(await h.call('updateTasks', { taskIds: [a!, b!], patch: { priority: 'high' } }));

      // Faults, some of them echoing the key back as a careless server might; aimed at the
      // changes, so background reads do not meet them first.
      server.faults.onlyFor = /^PUT /;
      server.faults.dropNext(1);
      server.faults.failNext(500, 1, `upstream said: key ${server.keys.full} is fine`);
      server.faults.failNext(
        429,
        1,
        { statusCode: 429, message: server.keys.full },
        {
          'Retry-After': '0',
        },
      );
      unwrap(await h.call('updateTask', { taskId: b!, patch: { status: 'done' } }));
      await whenOutboxEmpty(h.core);
      server.faults.failNext(400, 1, { statusCode: 400, message: [`bad key ${server.keys.full}`] });
      failure(await h.call('updateTask', { taskId: c!, patch: { status: 'done' } }));
      server.faults.failNext(401, 1, {
        statusCode: 401,
        message: `Invalid API key ${server.keys.full}`,
      });
      unwrap(await h.call('updateTask', { taskId: c!, patch: { status: 'canceled' } }));
      unwrap(await h.call('getConnection'));
      unwrap(await h.call('getAccount'));
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      await whenOutboxEmpty(h.core);
      unwrap(await h.call('retrySync'));

      // A service that cuts its message after the key's first characters, or quotes it encoded.
      const key = server.keys.full;
      for (const message of [
        `${'x'.repeat(260)} ${key}`,
        key.toUpperCase(),
        encodeURIComponent(`k=${key}`),
        Buffer.from(key).toString('base64'),
        Buffer.from(key.slice(3)).toString('base64url'),
      ]) {
        server.faults.failNext(400, 1, { statusCode: 400, message });
        failure(await h.call('updateTask', { taskId: c!, patch: { priority: 'low' } }));
      }
      // ...and in successful answers: a task titled with the key, an extra field, an organization named so.
      const wire = server.wireTasks(org).find((t) => t['id'] === c)!;
      server.faults.failNext(200, 1, { ...wire, title: key, note: `k ${key.slice(0, 20)}` });
      unwrap(await h.call('updateTask', { taskId: c!, patch: { priority: 'medium' } }));
      const listed = unwrap(await h.call('listTasks'));
      expect(listed.find((t) => t.id === c)?.snapshot?.title).toBe('[redacted]');
      const orgWire = (await (
        await fetch(`${server.baseUrl}/v1/organization`, { headers: { 'X-API-Key': key } })
      ).json()) as Record<string, unknown>;
      server.faults.onlyFor = /^GET \/v1\/organization$/;
      server.faults.failNext(200, 1, { ...orgWire, name: key, slug: key.slice(5, 20) });
      unwrap(await h.call('getOrganization', { refresh: true }));
      // ...and in a read: the vendor's or risk's task list titles the pinned tasks with the key.
      const titled = server
        .wireTasks(org)
        .filter((t) => [a, b, c].includes(t['id'] as string))
        .map((t) => ({ ...t, title: `${key} (${String(t['id'])})` }));
      server.faults.onlyFor = /^GET \/v1\/task-management$/;
      // Twice: connecting asks the task list first whether the key has the task scopes.
      server.faults.failNext(200, 2, {
        data: titled,
        meta: {
          page: 1,
          limit: 100,
          total: 3,
          totalPages: 1,
          hasNextPage: false,
          hasPrevPage: false,
        },
      });
      // Connecting again reads every pin at once.
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      await vi.waitFor(async () => {
        const rows = unwrap(await h.call('listTasks'));
        expect(rows.some((t) => t.snapshot?.title?.startsWith('[redacted] (tski_'))).toBe(true);
      });
      server.faults.onlyFor = null;

      // "Assigned to me" gathers a task the service titles with the key, and keeps it on disk.
      const mayaTask = server
        .wireTasks(org)
        .find(
          (t) =>
            (t['assignee'] as { id?: string } | null)?.id === 'mem_n1maya7q2c' &&
            !['done', 'canceled'].includes(String(t['status'])),
        )!;
      const retitled = await fetch(
        `${server.baseUrl}/v1/task-management/${String(mayaTask['id'])}`,
        {
          method: 'PUT',
          headers: { 'X-API-Key': server.keys.colleague, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title: `${key} in a title` }),
        },
      );
      expect(retitled.status).toBe(200);
      unwrap(await h.call('setMe', { memberId: 'mem_n1maya7q2c' }));
      await vi.waitFor(async () => {
        const mine = unwrap(await h.call('getAssigned'));
        expect(mine.state).toBe('ready');
        expect(mine.tasks.some((t) => t.title?.startsWith('[redacted]'))).toBe(true);
      });

      // The service goes away with a change waiting; the app restarts and sends it.
      await relay.stop();
      unwrap(
        await h.call('updateTask', { taskId: a!, patch: { title: 'Kept through a restart' } }),
      );
      await h.core.dispose();
      await relay.start();
      h = await start();
      await whenOutboxEmpty(h.core);
      expect(server.getTask(org, a!)?.title).toBe('Kept through a restart');
      unwrap(await h.call('getOrganization', { refresh: true }));
      unwrap(await h.call('listTasks'));

      // A key without the scope (another identity): paused, then the good key, asked to send it.
      unwrap(
        await withoutScopeCheck(server, () =>
          h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.noScope }),
        ),
      );
      unwrap(await h.call('pinTask', { ref: b! }));
      unwrap(await h.call('updateTask', { taskId: b!, patch: { status: 'todo' } }));
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      unwrap(await h.call('handOverWaiting'));
      await whenOutboxEmpty(h.core);

      // The key pasted into the wrong fields while it is in use.
      failure(await h.call('setSettings', { serviceUrl: server.keys.full }));
      // A compromised page naming a field or a channel after the key gets it back in no refusal.
      failure(
        await h.raw('tasks:update', {
          taskId: a!,
          patch: { status: 'done' },
          [server.keys.full]: 1,
        }),
      );
      failure(await h.raw(`tasks:${server.keys.full}`, {}));
      failure(await h.call('connectApiKey', { baseUrl: server.keys.full, apiKey: 'x' }));
      failure(
        await h.call('pinTask', { ref: `https://app.example.com/?taskItemId=${server.keys.full}` }),
      );

      // Settings, a web session, the demo, and signing out of each.
      unwrap(await h.call('setSettings', { serviceUrl: server.baseUrl, requestsPerMinute: 50 }));
      unwrap(await h.call('signOut'));
      unwrap(await h.call('signInWithSession'));
      unwrap(await h.call('pinTask', { ref: a! }));
      unwrap(await h.call('updateTask', { taskId: a!, patch: { status: 'done' } }));
      unwrap(await h.call('signOut'));
      unwrap(await h.call('startDemo'));
      secrets.push(...h.demos.map((d) => d.keys.full));
      const [row] = unwrap(await h.call('listTasks'));
      unwrap(await h.call('updateTask', { taskId: row!.id, patch: { status: 'done' } }));
      unwrap(await h.call('signOut'));

      await h.core.dispose();

      // Positive control: the scanners do find a key where one is.
      const control = await mkdtemp(join(tmpdir(), 'task-tray-leak-control-'));
      await writeFile(join(control, 'oops.json'), JSON.stringify({ k: server.keys.full }));
      expect(await filesContaining(control, server.keys.full)).toHaveLength(1);
      await writeFile(join(control, 'cut.log'), `…${server.keys.full.slice(9, 17)}…`);
      await writeFile(
        join(control, 'b64.txt'),
        Buffer.from(server.keys.full.slice(4)).toString('base64'),
      );
      expect(await filesWithSecretRuns(control, [server.keys.full])).toHaveLength(3);
      expect(findSecretRun(`x ${server.keys.full.slice(1, 8)} y`, [server.keys.full])).toBeNull();
      await removeTempDir(control);

      // What was written: settings, the outbox, the kept compliance tasks (and anything moved aside) exist and carry no secret.
      expect(await filesContaining(userDataDir, '"version"')).toEqual(
        expect.arrayContaining([
          join(userDataDir, 'settings.json'),
          join(userDataDir, OUTBOX_FILE),
          join(userDataDir, COMPLIANCE_FILE),
        ]),
      );
      // Any 8-character run of any secret, as is or encoded (docs/ARCHITECTURE.md, invariant 1).
      expect(await filesWithSecretRuns(userDataDir, secrets), 'files').toEqual([]);
      // The log file as electron-log's file transport wrote it: every line main logged is in it.
      const logFile = await readFile(join(logDir, 'main.log'), 'utf8');
      for (const line of harnesses.flatMap((x) => x.logs)) expect(logFile).toContain(line);
      expect(await filesWithSecretRuns(logDir, secrets), 'log file').toEqual([]);
      for (const seen of harnesses) {
        expect(findSecretRun(seen.logs.join('\n'), secrets), 'logs').toBeNull();
        expect(findSecretRun(JSON.stringify(seen.answers), secrets), 'IPC answers').toBeNull();
        expect(findSecretRun(JSON.stringify(seen.events), secrets), 'IPC events').toBeNull();
      }
      // The flows really ran: answers, events and log lines to scan.
      const all = harnesses.flatMap((x) => [...x.answers, ...x.events]);
      expect(all.length).toBeGreaterThan(50);
      expect(harnesses.flatMap((x) => x.logs).length).toBeGreaterThan(0);
    },
  );
});
