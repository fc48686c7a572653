import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appError, err } from '../../../common/result';
import type { Result } from '../../../common/result';
import { writeFileAtomic } from '../../../main/storage/atomic-file';
import { settleDurableFile } from '../../../main/storage/durable-file';
import type { DurableFile } from '../../../main/storage/durable-file';
import { startLoading } from '../../../main/storage/durable-file-state';
import type { DurableFilePolicy, Reading } from '../../../main/storage/durable-file-state';
import { useTempDirs } from '../../helpers/temp-dir';

/** A file of numbers, one a line: a line that is not a number damages it, the numbers before it survive. */
const readNumbers = (bytes: Buffer): Reading<number[], number[]> => {
  const lines = bytes.toString('utf8').split('\n').filter(Boolean);
  const numbers = lines.map(Number);
  const bad = numbers.findIndex((n) => Number.isNaN(n));
  if (bad < 0) return { kind: 'usable', value: numbers };
  const salvaged = numbers.slice(0, bad);
  return {
    kind: 'unusable',
    unusable: 'corrupt',
    why: 'damaged',
    salvaged: salvaged.length > 0 ? salvaged : null,
  };
};

const KEEP: DurableFilePolicy = { unreadable: (reason) => `unreadable: ${reason}` };
const at = () => new Date('2026-05-06T07:08:09.010Z');
const ASIDE = 'numbers.corrupt-2026-05-06T07-08-09-010Z.txt';

describe('settling a durable file on disk', () => {
  const tempDir = useTempDirs('task-tray-durable-');

  const numbersFile = async (
    policy: DurableFilePolicy = KEEP,
    writeBack?: (salvaged: number[]) => Promise<Result<null>>,
    maxBytes?: number,
  ) => {
    const dir = await tempDir();
    const filePath = join(dir, 'numbers.txt');
    const file: DurableFile<number[], number[]> = {
      filePath,
      now: at,
      policy,
      parse: readNumbers,
      writeBack: writeBack ?? ((s) => writeFileAtomic(filePath, `${s.join('\n')}\n`)),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    };
    return { dir, filePath, settle: () => settleDurableFile(file, startLoading()) };
  };

  it('reads a good file, and finds none where there is none', async () => {
    const { filePath, settle } = await numbersFile();
    expect(await settle()).toEqual({ kind: 'read', value: null });
    await writeFile(filePath, '1\n2\n');
    expect(await settle()).toEqual({ kind: 'read', value: [1, 2] });
  });

  it('moves a damaged file aside, bytes untouched, and writes back what it could read', async () => {
    const { dir, filePath, settle } = await numbersFile();
    await writeFile(filePath, '1\n2\nthree\n4\n');
    expect(await settle()).toMatchObject({ kind: 'moved', to: join(dir, ASIDE), writeError: null });
    expect(await readFile(join(dir, ASIDE), 'utf8')).toBe('1\n2\nthree\n4\n');
    expect(await readFile(filePath, 'utf8')).toBe('1\n2\n');
  });

  it('puts the file back as it was when its salvage cannot be written, if the owner asks', async () => {
    const refuse = async () => err(appError('storage', 'the disk is full (ENOSPC)'));
    const { dir, filePath, settle } = await numbersFile({ ...KEEP, putBackUnsaved: true }, refuse);
    await writeFile(filePath, '1\nx\n');
    expect(await settle()).toMatchObject({
      kind: 'put-back',
      salvaged: [1],
      writeError: 'the disk is full (ENOSPC)',
    });
    expect(await readdir(dir)).toEqual(['numbers.txt']);
    expect(await readFile(filePath, 'utf8')).toBe('1\nx\n');
  });

  it('moves a folder that stands in its place aside', async () => {
    const { dir, filePath, settle } = await numbersFile();
    await mkdir(filePath);
    expect(await settle()).toMatchObject({
      kind: 'moved',
      unusable: 'unreadable',
      why: 'unreadable: a folder is in the way (EISDIR)',
    });
    expect(await readdir(dir)).toEqual(['numbers.unreadable-2026-05-06T07-08-09-010Z.txt']);
  });

  it('moves a FIFO that stands in its place aside, without waiting for a writer', async () => {
    const { dir, filePath, settle } = await numbersFile();
    execFileSync('mkfifo', [filePath]);
    expect(await settle()).toMatchObject({
      kind: 'moved',
      unusable: 'unreadable',
      why: 'unreadable: something other than a file is in the way (ENOTFILE)',
    });
    expect(await readdir(dir)).toEqual(['numbers.unreadable-2026-05-06T07-08-09-010Z.txt']);
  });

  it('a disposable file: a FIFO counts as none, and one larger than it ever is as damaged', async () => {
    const { filePath, settle } = await numbersFile({ disposable: true });
    execFileSync('mkfifo', [filePath]);
    expect(await settle()).toEqual({ kind: 'read', value: null });
    await unlink(filePath);
    const capped = await numbersFile({ disposable: true }, undefined, 8);
    await writeFile(capped.filePath, '1\n2\n3\n4\n5\n');
    expect(await capped.settle()).toMatchObject({ kind: 'removed' });
  });

  it('removes a damaged disposable file instead', async () => {
    const { dir, filePath, settle } = await numbersFile({ disposable: true });
    await writeFile(filePath, 'x\n');
    expect(await settle()).toEqual({ kind: 'removed', why: 'damaged' });
    expect(await readdir(dir)).toEqual([]);
  });
});
