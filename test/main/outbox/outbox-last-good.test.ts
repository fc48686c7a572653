import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../main/outbox/outbox-entry';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import { serializeOutbox } from '../../../main/outbox/outbox-format';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const entry = (id: string, status: 'done' | 'in_progress' = 'done'): OutboxEntry => ({
  id,
  profileId: 'profile_0123456789abcdef',
  taskId: 'tski_abc',
  patch: { status },
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('the last good copy of the outbox, kept for one release', () => {
  const tempDir = useTempDirs('task-tray-outbox-last-good-');

  it('keeps the waiting changes as the previous release left them, through the new one’s saves', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    const before = serializeOutbox([entry('a')]);
    await writeFile(filePath, before);
    await writeFile(join(dir, 'outbox.json.last-good-0.0.9'), 'older');
    // Another file's copy is its own business.
    await writeFile(join(dir, 'settings.json.last-good-0.0.9'), 'settings');

    const store = createOutboxFile({ filePath, release: '0.2.0' });
    expect((await store.load()).entries).toEqual([entry('a')]);
    unwrap(await store.save([entry('a'), entry('b', 'in_progress')]));
    // A second start of the same release keeps the first copy.
    await createOutboxFile({ filePath, release: '0.2.0' }).load();

    expect((await readdir(dir)).sort()).toEqual([
      'outbox.json',
      'outbox.json.last-good-0.2.0',
      'settings.json.last-good-0.0.9',
    ]);
    expect(await readFile(join(dir, 'outbox.json.last-good-0.2.0'), 'utf8')).toBe(before);
    expect((await createOutboxFile({ filePath }).load()).entries).toHaveLength(2);
  });

  it('is not made of a damaged file, nor when there is no file', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    expect((await createOutboxFile({ filePath, release: '0.2.0' }).load()).problem).toBeNull();
    await writeFile(filePath, '{ not json');
    expect((await createOutboxFile({ filePath, release: '0.2.0' }).load()).problem).not.toBeNull();
    expect((await readdir(dir)).some((n) => n.includes('last-good'))).toBe(false);
  });

  it('is not made when the release is not known', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'outbox.json');
    await writeFile(filePath, serializeOutbox([entry('a')]));
    await createOutboxFile({ filePath }).load();
    expect(await readdir(dir)).toEqual(['outbox.json']);
  });
});
