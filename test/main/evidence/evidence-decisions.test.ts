import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../../common/result';
import { bodyLength, bodyStream, CHUNK_BYTES } from '../../../main/evidence/evidence-body';
import { createEvidenceClient } from '../../../main/evidence/evidence-client';
import { decideUpload } from '../../../main/evidence/evidence-decision';
import { createEvidenceProgress } from '../../../main/evidence/evidence-progress';
import type { QueuedFile } from '../../../main/evidence/evidence-store';
import { checkFile } from '../../../main/evidence/file-check';
import { sniffType } from '../../../main/evidence/file-type';
import { useTempDirs } from '../../helpers/temp-dir';

/**
 * The evidence room's pure parts: the type a file is declared as, what is
 * refused before anything is kept, what an answer decides, progress that
 * never goes down, and the streamed body, byte for byte what JSON would be.
 */

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (t: string) => new TextEncoder().encode(t);
const policy = { baseMs: 1000, maxMs: 8000 };

describe('the type a file is sent as', () => {
  it('is told by its content first, its name refining zip and OLE files', () => {
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 1, 2), 'shot')).toEqual({
      ok: true,
      mime: 'image/png',
    });
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0), 'photo.jpeg')).toEqual({
      ok: true,
      mime: 'image/jpeg',
    });
    expect(sniffType(text('\uFEFF %PDF-1.7'), 'scan.pdf')).toEqual({
      ok: true,
      mime: 'application/pdf',
    });
    expect(sniffType(bytes(0x50, 0x4b, 3, 4), 'policy.docx')).toEqual({
      ok: true,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(sniffType(bytes(0x50, 0x4b, 3, 4), 'logs.zip')).toEqual({
      ok: true,
      mime: 'application/zip',
    });
    expect(sniffType(text('a,b\n1,2\n'), 'export.csv')).toEqual({ ok: true, mime: 'text/csv' });
    expect(sniffType(text('plain notes'), 'notes')).toEqual({ ok: true, mime: 'text/plain' });
    expect(sniffType(bytes(0, 1, 2, 250), 'blob.dat')).toEqual({
      ok: true,
      mime: 'application/octet-stream',
    });
  });

  it('is refused when the name promises a type the service checks and the bytes are not of it', () => {
    expect(sniffType(text('hello'), 'shot.png')).toEqual({ ok: false, promised: 'image/png' });
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47), 'report.pdf')).toEqual({
      ok: false,
      promised: 'application/pdf',
    });
  });
});

describe('a file checked before it is kept', () => {
  const file = (name: string, size: number, head = text('x')) => ({
    kind: 'file' as const,
    name,
    size,
    head,
  });
  it('takes a regular file of 1 byte to 100 MB', () => {
    expect(checkFile(file('a.txt', 1))).toEqual(ok({ name: 'a.txt', size: 1, mime: 'text/plain' }));
    expect(checkFile(file('a.txt', 100 * 1024 * 1024)).ok).toBe(true);
  });
  it('says why it refuses one, naming it', () => {
    const message = (p: Parameters<typeof checkFile>[0]) => {
      const r = checkFile(p);
      return r.ok ? null : r.error.message;
    };
    expect(message(file('a.txt', 100 * 1024 * 1024 + 1))).toBe(
      '“a.txt” is 104.9 MB: the service takes files up to 100 MB.',
    );
    expect(message(file('a.txt', 0))).toMatch(/^“a.txt” is empty/);
    expect(message(file('run.BAT', 5))).toMatch(/refuses .bat files/);
    expect(message({ kind: 'other', name: 'fifo' })).toMatch(/not a regular file/);
    expect(message({ kind: 'unreadable', name: 'x.pdf', why: 'permission denied' })).toBe(
      '“x.pdf” could not be read (permission denied).',
    );
    expect(message(file('x'.repeat(256), 5))).toMatch(/over 255 characters/);
  });
});

describe("what the service's answer decides", () => {
  const decide = (e: Parameters<typeof appError>) =>
    decideUpload(err(appError(...e)), 0, policy, () => 0.5);
  it('lands, refuses for good, holds the account, or tries again', () => {
    expect(decideUpload(ok('att'), 3, policy, Math.random)).toEqual({
      kind: 'landed',
      value: 'att',
    });
    expect(decide(['invalid', 'too big', { status: 400 }]).kind).toBe('refused');
    // A missing evidence:create stops attaching only: this file is given up, the account goes on.
    expect(decide(['forbidden', 'scope', { status: 403 }]).kind).toBe('refused');
    expect(decide(['unauthorized', 'key gone', { status: 401 }]).kind).toBe('hold');
    expect(decide(['network', 'offline'])).toMatchObject({ kind: 'retry', holdAll: false });
    expect(
      decide(['rate_limited', 'slow down', { status: 429, retryAfterMs: 30_000 }]),
    ).toMatchObject({
      kind: 'retry',
      delayMs: 30_000,
      holdAll: true,
    });
  });
});

describe('progress', () => {
  const f = (id: string, size: number): QueuedFile => ({
    id,
    profileId: 'p',
    taskId: 'tsk_a1',
    name: `${id}.png`,
    mime: 'image/png',
    size,
    addedAt: '2026-11-28T10:00:00.000Z',
  });
  it('never goes down: not when a send starts over, nor when a file of the batch lands', () => {
    const p = createEvidenceProgress();
    const a = f('a', 1000);
    const b = f('b', 1000);
    const percent = (files: QueuedFile[]) => p.view(files, 'p', 'a')[0]?.percent;
    p.progressed('a', 800);
    expect(percent([a, b])).toBe(40);
    p.progressed('a', 100); // a new attempt from the start
    expect(percent([a, b])).toBe(40);
    p.left(a);
    expect(percent([b])).toBe(50);
    expect(p.view([b], 'p', null)[0]?.words).toBe('Waiting to upload 1 file… 50 %');
    // Another account's uploads are not shown.
    expect(p.view([b], 'q', null)).toEqual([]);
  });
});

describe('the streamed body', () => {
  const tempDir = useTempDirs('task-tray-body-');
  it('is the JSON of the fields and the whole base64, its length known in advance, read a chunk at a time', async () => {
    const path = join(await tempDir(), 'f.bin');
    const data = Buffer.alloc(CHUNK_BYTES * 2 + 7);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) % 256;
    await writeFile(path, data);
    const fields = { fileName: 'a “b”.bin', fileType: 'application/octet-stream', userId: 'usr_1' };
    const seen: number[] = [];
    const chunks: Uint8Array[] = [];
    const reader = bodyStream(path, data.length, fields, (n) => seen.push(n)).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const body = Buffer.concat(chunks);
    expect(body.length).toBe(bodyLength(fields, data.length));
    expect(JSON.parse(body.toString())).toEqual({ ...fields, fileData: data.toString('base64') });
    expect(seen).toEqual([CHUNK_BYTES, CHUNK_BYTES * 2, data.length]);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual((CHUNK_BYTES / 3) * 4);
  });

  it('fails, rather than send something else, when the copy is not the size it was', async () => {
    const path = join(await tempDir(), 'f.bin');
    await writeFile(path, Buffer.alloc(10));
    const reader = bodyStream(
      path,
      20,
      { fileName: 'f', fileType: 'text/plain' },
      () => undefined,
    ).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow(/changed while it was sent/);
  });
});

describe('a streamed upload redirected', () => {
  const tempDir = useTempDirs('task-tray-redirect-');
  it('fails as a redirect (the base URL to check), not as offline, and goes nowhere else', async () => {
    const elsewhere: string[] = [];
    const server = createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        res.writeHead(307, { location: '/moved/v1/tasks/tsk_a1/attachments' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const path = join(await tempDir(), 'a.pdf');
      await writeFile(path, '%PDF-1.4\nx');
      const client = createEvidenceClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        auth: { kind: 'api-key', apiKey: `comp_${'a'.repeat(64)}` },
        fetch: globalThis.fetch,
      });
      const answer = await client.attach({
        taskId: 'tsk_a1',
        path,
        size: 10,
        fields: { fileName: 'a.pdf', fileType: 'application/pdf', userId: 'usr_1' },
        onProgress: () => undefined,
      });
      expect(answer.ok ? null : answer.error).toMatchObject({
        kind: 'bad_response',
        message: expect.stringMatching(/redirected/),
      });
      expect(elsewhere).toEqual(['/v1/tasks/tsk_a1/attachments']);
    } finally {
      server.close();
    }
  });
});

describe('file names in the words', () => {
  it('a name made to read as another (bidi, invisible characters) is said without them', async () => {
    const { checkFile } = await import('../../../main/evidence/file-check');
    const refused = checkFile({
      kind: 'file',
      name: 'invoice\u202Efdp.exe',
      size: 0,
      head: new Uint8Array(),
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.message).toBe(
        '“invoicefdp.exe” is empty (0 bytes): there is nothing to attach.',
      );
      expect(refused.error.message).not.toContain('\u202E');
    }
  });
});
