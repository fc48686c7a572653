import { mkdir, readFile, readdir, truncate, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceUploadsView } from '../../../common/evidence';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer, DemoServerOptions } from '../../../main/demo/server';
import { MISSING_EVIDENCE_SCOPE, NO_ONE_CHOSEN } from '../../../main/evidence/evidence-words';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

/**
 * Evidence attached to a compliance task through the app, over the
 * reference service on loopback: it lands, waits offline and across a
 * restart, is rolled back with the service's words, survives the original's
 * deletion, goes two at a time, and its progress only goes up.
 */

const gate = await keychainGate();

const TASK = 'tsk_n1access7review';
const MAYA = 'mem_n1maya7q2c';
const MAYA_USER = 'usr_m2c8a1yq4w';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

describe.skipIf(gate.skip)('evidence uploads, through the app', () => {
  const tempDir = useTempDirs('task-tray-evidence-');
  const service = uniqueTestService();
  let server: DemoServer;
  let files: string;
  const harnesses: CoreHarness[] = [];

  const serve = async (extra: DemoServerOptions = {}) => {
    server = await startDemoServer({ rateLimit: false, ...extra });
    server.faults.onlyFor = /^POST .*\/attachments$/;
  };
  beforeEach(async () => {
    gate.assertAvailable();
    files = await tempDir();
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const start = async (
    dir?: string,
    key: keyof DemoServer['keys'] = 'full',
    me: string | null = MAYA,
  ) => {
    const h = createCoreHarness(dir ?? (await tempDir()), service, {
      outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    harnesses.push(h);
    await h.core.start();
    if (unwrap(await h.call('getAccount')).state === 'signed-out') {
      unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys[key] }));
      if (me) unwrap(await h.call('setMe', { memberId: me }));
    }
    return h;
  };
  const file = async (name: string, bytes: Buffer | string) => {
    const path = join(files, name);
    await writeFile(path, bytes);
    return path;
  };
  const org = () => server.organizations[0]!.id;
  const stored = () => server.attachments(org(), TASK);
  const uploads = (h: CoreHarness) =>
    h.events
      .filter((e) => e.event === 'evidence:changed')
      .map((e) => e.payload as EvidenceUploadsView);
  const lastView = (h: CoreHarness) => uploads(h).at(-1);
  const whenNoneWaiting = (h: CoreHarness) =>
    whenState(h.core, () => lastView(h)?.tasks.length === 0 && lastView(h)?.waitingBytes === 0);
  const copies = async (dir: string) =>
    (await readdir(join(dir, 'evidence')).catch(() => [])).filter((n) => n.endsWith('.bin'));

  it('attaches a file: it lands on the task as the person who chose themselves, and the list shows it', async () => {
    await serve();
    const dir = await tempDir();
    const h = await start(dir);
    const bytes = png(300_000);
    const answer = unwrap(
      await h.call('attachEvidence', {
        taskId: TASK,
        paths: [await file('mfa.png', bytes)],
        description: 'MFA on',
      }),
    );
    expect(answer.refused).toEqual([]);
    expect(answer.queued).toMatchObject([{ name: 'mfa.png', size: bytes.length }]);
    await whenNoneWaiting(h);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({
      name: 'mfa.png',
      fileType: 'image/png',
      uploadedBy: MAYA_USER,
      description: 'MFA on',
    });
    expect(stored()[0]!.bytes.equals(bytes)).toBe(true);
    const list = unwrap(await h.call('listEvidence', { taskId: TASK }));
    expect(list.items).toMatchObject([
      { name: 'mfa.png', type: 'image', size: bytes.length, by: 'you' },
    ]);
    expect(JSON.stringify(list)).not.toContain('X-Amz-Signature');
    expect(await copies(dir)).toEqual([]);
  });

  it('refuses what cannot be attached before keeping anything, each with its reason', async () => {
    await serve();
    const dir = await tempDir();
    const h = await start(dir);
    const big = await file('export.csv', 'a,b\n');
    await truncate(big, 100 * 1024 * 1024 + 1);
    await mkdir(join(files, 'screens'));
    const paths = [
      big,
      join(files, 'screens'),
      await file('empty.pdf', ''),
      await file('setup.sh', 'echo hi\n'),
      await file('photo.png', 'not a picture'),
      join(files, 'gone.pdf'),
    ];
    const answer = unwrap(await h.call('attachEvidence', { taskId: TASK, paths }));
    expect(answer.queued).toEqual([]);
    expect(answer.refused.map((r) => r.message)).toEqual([
      '“export.csv” is 104.9 MB: the service takes files up to 100 MB.',
      '“screens” is a folder: attach the files inside it instead.',
      '“empty.pdf” is empty (0 bytes): there is nothing to attach.',
      '“setup.sh” cannot be attached: the service refuses .sh files for security reasons.',
      '“photo.png” is named as a PNG image but its content is not one, so the service would refuse it.',
      '“gone.pdf” is not there any more: it was moved or deleted.',
    ]);
    expect(await copies(dir)).toEqual([]);
    expect(server.requests().some((r) => r.method === 'POST')).toBe(false);
  });

  it("never reads the app's own files, or a relative path, when the popup names them; the rest goes", async () => {
    await serve();
    const dir = await tempDir();
    const h = await start(dir);
    const good = await file('a.png', png(100));
    const answer = unwrap(
      await h.call('attachEvidence', {
        taskId: TASK,
        paths: [join(dir, 'settings.json'), 'outbox.json', good],
      }),
    );
    expect(answer.queued.map((q) => q.name)).toEqual(['a.png']);
    expect(answer.refused.map((r) => r.message)).toEqual([
      "“settings.json” is one of Task Tray's own files: it is never attached.",
      "“outbox.json” is not a file on this computer's own disks: copy it to a local folder and attach it from there.",
    ]);
    await whenNoneWaiting(h);
    expect(stored().map((a) => a.name)).toEqual(['a.png']);
  });

  it('with an API key and nobody chosen as "me", says to choose first and keeps nothing', async () => {
    await serve();
    const h = await start(undefined, 'full', null);
    const e = failure(
      await h.call('attachEvidence', { taskId: TASK, paths: [await file('a.png', png(100))] }),
    );
    expect(e.message).toBe(NO_ONE_CHOSEN);
  });

  it('offline: the file waits, across a restart, and lands once when the service is back', async () => {
    await serve();
    const dir = await tempDir();
    const h = await start(dir);
    server.faults.dropNext(1);
    const answer = unwrap(
      await h.call('attachEvidence', {
        taskId: TASK,
        paths: [await file('backup.pdf', '%PDF-1.7\n...')],
      }),
    );
    expect(answer.queued).toHaveLength(1);
    await whenState(
      h.core,
      () =>
        lastView(h)?.tasks[0]?.files[0]?.state === 'waiting' &&
        server.requests().some((r) => r.method === 'POST'),
    );
    expect(lastView(h)?.tasks[0]?.words).toMatch(/^Waiting to upload 1 file/);
    await h.core.dispose();
    harnesses.splice(harnesses.indexOf(h), 1);
    const list = await readFile(join(dir, 'evidence', 'queue.json'), 'utf8');
    expect(list).toContain('backup.pdf');
    expect(list).not.toContain(server.keys.full);
    expect(h.logs.join('\n')).not.toContain(server.keys.full);
    expect(stored()).toHaveLength(0);

    const again = await start(dir);
    await whenNoneWaiting(again);
    await again.core.dispose();
    harnesses.splice(harnesses.indexOf(again), 1);
    expect(stored().map((a) => a.name)).toEqual(['backup.pdf']);
    expect(await copies(dir)).toEqual([]);
  });

  it('refused by the service: rolled back with its words, the copy removed', async () => {
    await serve({ maxAttachmentBytes: 1024 * 1024 });
    const dir = await tempDir();
    const h = await start(dir);
    const paths = [
      await file('scan.png', png(1024 * 1024 + 10)),
      await file('notes.html', '<p>x</p><script>alert(1)</script>'),
    ];
    unwrap(await h.call('attachEvidence', { taskId: TASK, paths }));
    await whenState(h.core, () => lastView(h)?.refusals.length === 2);
    expect(lastView(h)?.refusals.map((r) => [r.name, r.message])).toEqual([
      [
        'scan.png',
        'The service refused this change: File size exceeds maximum allowed size of 1MB.',
      ],
      [
        'notes.html',
        'The service refused this change: The uploaded file is invalid or corrupted. Please try again with a valid file.',
      ],
    ]);
    expect(lastView(h)?.tasks).toEqual([]);
    expect(stored()).toEqual([]);
    expect(await copies(dir)).toEqual([]);
  });

  it('a file the service keeps failing on is set aside after six tries; the one behind it lands', async () => {
    await serve();
    const h = createCoreHarness(await tempDir(), service, {
      outbox: { backoff: { baseMs: 5, maxMs: 20 } },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    server.faults.failNext(500, 6);
    const paths = [await file('first.png', png(100)), await file('second.png', png(200))];
    unwrap(await h.call('attachEvidence', { taskId: TASK, paths }));
    await whenState(h.core, () => lastView(h)?.refusals.length === 1 && stored().length === 1);
    expect(lastView(h)?.refusals[0]?.message).toMatch(
      /^“first.png” failed to upload 6 times \(.+\), so it was set aside for the files behind it\. Attach it again to try once more\.$/,
    );
    expect(stored().map((a) => a.name)).toEqual(['second.png']);
  });

  it('a key without evidence:create: the refusal names the scope, and task changes still land', async () => {
    await serve();
    const h = await start(undefined, 'noEvidence');
    unwrap(
      await h.call('attachEvidence', { taskId: TASK, paths: [await file('a.png', png(1000))] }),
    );
    await whenState(h.core, () => lastView(h)?.refusals.length === 1);
    expect(lastView(h)?.refusals[0]?.message).toBe(MISSING_EVIDENCE_SCOPE);
    const change = unwrap(
      await h.call('updateComplianceTask', { taskId: TASK, patch: { status: 'in_progress' } }),
    );
    expect(change.outcome).toBe('landed');
    expect(unwrap(await h.call('getConnection')).state).not.toBe('unauthorized');
  });

  it('the original deleted right after attaching: the copy still lands, byte for byte', async () => {
    await serve();
    server.faults.latencyMs = 100;
    const h = await start();
    const bytes = png(500_000);
    const path = await file('firewall.png', bytes);
    unwrap(await h.call('attachEvidence', { taskId: TASK, paths: [path] }));
    await unlink(path);
    await whenNoneWaiting(h);
    expect(stored()[0]?.bytes.equals(bytes)).toBe(true);
  });

  it('two files at once: both land, in the order given', async () => {
    await serve();
    const h = await start();
    const paths = [await file('one.png', png(200_000)), await file('two.pdf', '%PDF-1.4\nsecond')];
    const answer = unwrap(await h.call('attachEvidence', { taskId: TASK, paths }));
    expect(answer.queued.map((q) => q.name)).toEqual(['one.png', 'two.pdf']);
    await whenNoneWaiting(h);
    expect(stored().map((a) => a.name)).toEqual(['one.png', 'two.pdf']);
  });

  it('progress only goes up, even when a send fails and starts over', async () => {
    await serve();
    const h = await start(undefined, 'full', MAYA);
    server.faults.dropNext(1);
    unwrap(
      await h.call('attachEvidence', {
        taskId: TASK,
        paths: [await file('big.png', png(3_000_000)), await file('small.png', png(400_000))],
      }),
    );
    await whenState(
      h.core,
      () =>
        server.requests().filter((r) => r.method === 'POST').length >= 1 &&
        lastView(h)?.tasks[0]?.files[0]?.state === 'waiting',
    );
    // The network is back (the OS says so, or the machine woke): waiting uploads go now.
    h.core.resume();
    await whenNoneWaiting(h);
    const percents = uploads(h).flatMap((v) =>
      v.tasks.filter((t) => t.taskId === TASK).map((t) => t.percent),
    );
    expect(percents.length).toBeGreaterThan(5);
    expect(percents.some((p) => p > 0 && p < 99)).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(stored().map((a) => a.name)).toEqual(['big.png', 'small.png']);
  });
});
