import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderWriter } from '../../../main/storage/folder-writer';
import { useTempDirs } from '../../helpers/temp-dir';

describe('saving a file in its own folder', () => {
  const tempDir = useTempDirs('task-tray-folder-writer-');

  it('makes the folder, private, on the first save', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'user-data', 'state.json');
    expect(await createFolderWriter(filePath)('{}')).toEqual({ ok: true, value: null });
    expect(await readFile(filePath, 'utf8')).toBe('{}');
    if (process.platform !== 'win32')
      expect((await stat(join(dir, 'user-data'))).mode & 0o777).toBe(0o700);
  });

  it('saves again after its folder was removed since the last save', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'user-data', 'state.json');
    const save = createFolderWriter(filePath);
    expect((await save('1')).ok).toBe(true);
    await rm(join(dir, 'user-data'), { recursive: true });
    expect((await save('2')).ok).toBe(true);
    expect(await readFile(filePath, 'utf8')).toBe('2');
  });

  it('says which folder could not be made, and why', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    expect(await createFolderWriter(join(blocker, 'sub', 'state.json'))('{}')).toEqual({
      ok: false,
      error: {
        failed: 'folder',
        folder: join(blocker, 'sub'),
        reason: 'a part of the path is not a folder (ENOTDIR)',
      },
    });
  });
});
