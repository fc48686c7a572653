import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeLeftoverTempFiles, writeFileAtomic } from '../../../main/storage/atomic-file';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const posix = process.platform !== 'win32';

describe('writeFileAtomic', () => {
  const tempDir = useTempDirs('task-tray-atomic-');

  it('creates the file with exactly the data, and leaves nothing else behind', async () => {
    const dir = await tempDir();
    const path = join(dir, 'state.json');
    unwrap(await writeFileAtomic(path, '{"a":1}\n'));
    expect(await readFile(path, 'utf8')).toBe('{"a":1}\n');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('writes bytes as given', async () => {
    const dir = await tempDir();
    const path = join(dir, 'blob.bin');
    const bytes = randomBytes(70_000);
    unwrap(await writeFileAtomic(path, bytes));
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
  });

  it.skipIf(!posix)(
    'makes the file private (0o600), even when it replaces a readable one',
    async () => {
      const dir = await tempDir();
      const path = join(dir, 'settings.json');
      await writeFile(path, 'old', { mode: 0o644 });
      unwrap(await writeFileAtomic(path, 'new'));
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(await readFile(path, 'utf8')).toBe('new');
    },
  );

  it('fails with a storage error that says why, creating nothing, when the folder is missing', async () => {
    const dir = await tempDir();
    const e = failure(await writeFileAtomic(join(dir, 'nope', 'state.json'), 'x'));
    expect(e.kind).toBe('storage');
    expect(e.message).toContain(join(dir, 'nope', 'state.json'));
    expect(e.message).toContain('the folder does not exist');
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails, cleaning up its temp file, when a folder is in the way', async () => {
    const dir = await tempDir();
    const inTheWay = join(dir, 'state.json');
    await mkdir(inTheWay);
    await writeFile(join(inTheWay, 'keep.txt'), 'kept');
    const e = failure(await writeFileAtomic(inTheWay, 'x'));
    expect(e.kind).toBe('storage');
    expect(await readdir(dir)).toEqual(['state.json']);
    expect(await readFile(join(inTheWay, 'keep.txt'), 'utf8')).toBe('kept');
  });

  it('never shows a reader a half-written file while writes follow one another', async () => {
    const dir = await tempDir();
    const path = join(dir, 'state.json');
    // Large enough that a plain truncate-and-write would be seen half done.
    const version = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(512 * 1024) });
    unwrap(await writeFileAtomic(path, version(0)));

    let writing = true;
    const seen: number[] = [];
    const reader = (async () => {
      while (writing) {
        const text = await readFile(path, 'utf8');
        seen.push((JSON.parse(text) as { n: number }).n); // throws on a torn read
      }
    })();
    for (let n = 1; n <= 30; n++) unwrap(await writeFileAtomic(path, version(n)));
    writing = false;
    await reader;

    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ n: 30 });
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});

describe('removeLeftoverTempFiles', () => {
  const tempDir = useTempDirs('task-tray-leftover-');

  it('removes the copies a crash left mid-write, and nothing else', async () => {
    const dir = await tempDir();
    const path = join(dir, 'settings.json');
    unwrap(await writeFileAtomic(path, '{"theme":"dark"}'));
    const leftovers = ['.settings.json.tmp-0123456789ab', '.settings.json.tmp-ffffffffffff'];
    const others = [
      '.outbox.json.tmp-0123456789ab',
      '.settings.json.tmp-notours',
      'settings.json.tmp-0123456789ab',
      'notes.txt',
    ];
    for (const name of [...leftovers, ...others]) await writeFile(join(dir, name), 'x');

    expect(await removeLeftoverTempFiles(path)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([...others, 'settings.json'].sort());
    expect(await readFile(path, 'utf8')).toBe('{"theme":"dark"}');
  });

  it('answers 0 for a folder that does not exist yet', async () => {
    const dir = await tempDir();
    expect(await removeLeftoverTempFiles(join(dir, 'not', 'yet', 'settings.json'))).toBe(0);
  });
});
