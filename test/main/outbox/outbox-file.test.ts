import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../main/outbox/outbox-entry';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import { serializeOutbox } from '../../../main/outbox/outbox-format';
import { whileFileHeld } from '../../helpers/held-file';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const entry = (id: string, taskId = 'tski_abc', status = 'done'): OutboxEntry => ({
  id,
  profileId: 'profile_0123456789abcdef',
  taskId,
  patch: { status: status as 'done' },
  createdAt: '2026-03-01T10:00:00.000Z',
});

const fixedClock = () => new Date('2026-03-01T10:00:00.000Z');

describe('the outbox file', () => {
  const tempDir = useTempDirs('task-tray-outbox-');

  it('starts empty when there is no file, and writes none until asked', async () => {
    const dir = await tempDir();
    const store = createOutboxFile({ filePath: join(dir, 'outbox.json') });
    expect(await store.load()).toEqual({ entries: [], problem: null });
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps what it saved across a new store on the same file, private to the user', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'nested', 'outbox.json');
    unwrap(await createOutboxFile({ filePath }).save([entry('a'), entry('b', 'tski_def')]));
    expect(await createOutboxFile({ filePath }).load()).toEqual({
      entries: [entry('a'), entry('b', 'tski_def')],
      problem: null,
    });
    if (process.platform !== 'win32') expect((await stat(filePath)).mode & 0o777).toBe(0o600);
    // No temp file left beside it.
    expect(await readdir(join(dir, 'nested'))).toEqual(['outbox.json']);
  });

  it('keeps a change after its folder was removed while it ran', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'user-data', 'outbox.json');
    const store = createOutboxFile({ filePath });
    unwrap(await store.save([entry('a')]));
    await rm(join(dir, 'user-data'), { recursive: true });
    unwrap(await store.save([entry('a'), entry('b', 'tski_def')]));
    expect((await createOutboxFile({ filePath }).load()).entries).toEqual([
      entry('a'),
      entry('b', 'tski_def'),
    ]);
  });

  it('moves a torn file aside, recovers its whole entries, says how many were lost', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    const text = serializeOutbox([entry('a'), entry('b', 'tski_b'), entry('c', 'tski_c')]);
    const torn = text.slice(0, text.indexOf('"id":"c"') + 12);
    await writeFile(filePath, torn);
    const store = createOutboxFile({ filePath, now: fixedClock });
    const loaded = await store.load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(loaded.problem?.kind).toBe('storage');
    expect(loaded.problem?.message).toMatch(/damaged/);
    expect(loaded.problem?.message).toMatch(/2 changes could be recovered and will be sent/);
    expect(loaded.problem?.message).toMatch(
      /1 change could not be read, and will not be sent from here/,
    );
    const aside = join(dir, 'outbox.corrupt-2026-03-01T10-00-00-000Z.json');
    expect(loaded.problem?.message).toContain(aside);
    // The damaged bytes are kept as they were; the recovered entries are on disk again.
    expect(await readFile(aside, 'utf8')).toBe(torn);
    expect((await createOutboxFile({ filePath }).load()).entries.map((e) => e.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('moves garbage aside and starts empty, without crashing', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    await writeFile(filePath, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22]));
    const loaded = await createOutboxFile({ filePath, now: fixedClock }).load();
    expect(loaded.entries).toEqual([]);
    expect(loaded.problem?.message).toMatch(/damaged.*moved to/);
    expect((await readdir(dir)).sort()).toEqual(['outbox.corrupt-2026-03-01T10-00-00-000Z.json']);
  });

  it('does not read a file from a newer Task Tray, and keeps it aside untouched', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    const future = '{"version":2,"entries":[{"id":"z","somethingNew":true}]}';
    await writeFile(filePath, future);
    const loaded = await createOutboxFile({ filePath, now: fixedClock }).load();
    expect(loaded.entries).toEqual([]);
    expect(loaded.problem?.message).toMatch(/newer Task Tray/);
    expect(loaded.problem?.message).toMatch(/this version does not send its changes/);
    expect(await readFile(join(dir, 'outbox.future-2026-03-01T10-00-00-000Z.json'), 'utf8')).toBe(
      future,
    );
  });

  it('two damaged starts in the same instant keep both files', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    for (const text of ['one', 'two']) {
      await writeFile(filePath, text);
      await createOutboxFile({ filePath, now: fixedClock }).load();
    }
    expect((await readdir(dir)).sort()).toEqual([
      'outbox.corrupt-2026-03-01T10-00-00-000Z-2.json',
      'outbox.corrupt-2026-03-01T10-00-00-000Z.json',
    ]);
  });

  it('a folder where the file should be is moved aside too', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    await mkdir(filePath);
    const store = createOutboxFile({ filePath, now: fixedClock });
    const loaded = await store.load();
    expect(loaded.problem?.message).toMatch(/could not be read/);
    unwrap(await store.save([entry('a')]));
    expect((await createOutboxFile({ filePath }).load()).entries).toEqual([entry('a')]);
  });

  it('leaves a file another program holds where it is, and keeps no new change over it', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    const text = serializeOutbox([entry('a')]);
    await writeFile(filePath, text);
    // Windows: a backup or antivirus program holds the file while Task Tray starts.
    const store = createOutboxFile({ filePath, now: fixedClock });
    await whileFileHeld(filePath, async () => {
      const { entries, problem } = await store.load();
      expect(entries).toEqual([]);
      expect(problem?.message).toBe(
        `The file of changes waiting to be sent, ${filePath}, could not be read (the file is in use (EBUSY)). ` +
          'Task Tray left it as it is and cannot keep new changes until it can read it. Let the program ' +
          'that holds it (a backup, antivirus or sync tool, iCloud or OneDrive) finish, then restart Task Tray.',
      );
    });
    // Not saved over, even once the lock is gone: the next start reads the change in it.
    expect((await store.save([entry('b')])).ok).toBe(false);
    expect(await readdir(dir)).toEqual(['outbox.json']);
    expect(await readFile(filePath, 'utf8')).toBe(text);
    expect((await createOutboxFile({ filePath }).load()).entries).toEqual([entry('a')]);
  });

  it('says so when it cannot save, in words that say the change was not sent', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const store = createOutboxFile({ filePath: join(blocker, 'outbox.json') });
    const saved = await store.save([entry('a')]);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'storage' } });
    if (!saved.ok) expect(saved.error.message).toMatch(/not sent/);
  });
});
