import { describe, expect, it } from 'vitest';
import {
  afterListing,
  captureFileName,
  fitWithin,
  permissionStep,
  regionPixels,
  sourceKind,
  taskChoices,
} from '../../../main/capture/capture-decision';
import { takeIn } from '../../../main/evidence/evidence-intake';
import { createEvidenceStore } from '../../../main/evidence/evidence-store';
import { checkFile } from '../../../main/evidence/file-check';
import { useTempDirs } from '../../helpers/temp-dir';
import { DrawnImage } from '../../helpers/drawn-image';

/** The capture's decisions, without Electron: permission, name, tasks, region. */

describe('the screen recording permission', () => {
  it('goes on where it is granted, or where the OS does not say (Windows, Linux)', () => {
    expect(permissionStep('granted', false)).toEqual({ go: true });
    expect(permissionStep('unknown', false)).toEqual({ go: true });
  });

  it('says why before macOS asks, and asks only after the person goes on', () => {
    const first = permissionStep('not-determined', false);
    expect(first.go).toBe(false);
    if (first.go) return;
    expect(first.block).toMatchObject({ kind: 'ask', action: 'Continue' });
    expect(first.block.body).toMatch(/only takes the picture you choose, shows it to you first/);
    expect(permissionStep('not-determined', true)).toEqual({ go: true });
  });

  it('explains a refusal with the way to undo it, and a restriction without a button', () => {
    const refused = permissionStep('denied', true);
    expect(refused).toMatchObject({
      go: false,
      block: { kind: 'refused', action: 'Open System Settings' },
    });
    if (!refused.go) expect(refused.block.body).toMatch(/Screen & System Audio Recording/);
    const restricted = permissionStep('restricted', false);
    expect(restricted).toMatchObject({ go: false, block: { kind: 'refused', action: null } });
    if (!restricted.go) expect(restricted.block.body).toMatch(/administrator/);
  });

  it('after the OS asked: a no is explained, and no screen at all says so', () => {
    expect(afterListing('denied', 1)?.kind).toBe('refused');
    expect(afterListing('granted', 0)?.kind).toBe('unavailable');
    expect(afterListing('granted', 2)).toBeNull();
  });
});

describe('the file', () => {
  it('is named by the local time it was taken, without characters a file system refuses', () => {
    const name = captureFileName(new Date(2026, 10, 29, 14, 5, 9));
    expect(name).toBe('Screenshot 2026-11-29 at 14.05.09.png');
    expect(name).not.toMatch(/[:/\\]/);
  });

  it('passes the same guard as every attached file, as a PNG', () => {
    const bytes = DrawnImage.screen({ width: 40, height: 30 }).toPNG();
    const checked = checkFile({
      kind: 'file',
      name: captureFileName(new Date()),
      size: bytes.length,
      head: bytes,
    });
    expect(checked).toMatchObject({ ok: true, value: { mime: 'image/png' } });
  });
});

describe('a file made here, at intake', () => {
  const tempDir = useTempDirs('task-tray-made-');
  const made = (name: string, bytes: Uint8Array) => ({
    profileId: 'p1',
    taskId: 'tsk_a1',
    paths: [],
    made: [{ name, bytes }],
  });

  it('is kept, fsynced, as a file would be, with the type its bytes say', async () => {
    const store = createEvidenceStore(await tempDir());
    const png = DrawnImage.screen({ width: 20, height: 10 }).toPNG();
    const { added, refused } = await takeIn(
      store,
      made('Screenshot.png', png),
      0,
      () => new Date(),
    );
    expect(refused).toEqual([]);
    expect(added).toMatchObject([{ name: 'Screenshot.png', mime: 'image/png', size: png.length }]);
  });

  it('meets the same guard as a path: a blocked name, or bytes that are not what the name says', async () => {
    const store = createEvidenceStore(await tempDir());
    const png = DrawnImage.screen({ width: 20, height: 10 }).toPNG();
    const exe = await takeIn(store, made('capture.exe', png), 0, () => new Date());
    expect(exe.refused[0]?.message).toMatch(/refuses \.exe files/);
    const fake = await takeIn(
      store,
      made('capture.png', Buffer.from('not a picture')),
      0,
      () => new Date(),
    );
    expect(fake.refused[0]?.message).toMatch(/named as a PNG image but its content is not one/);
    expect(exe.added).toEqual([]);
    expect(fake.added).toEqual([]);
  });
});

describe('which task', () => {
  const t = (id: string, title = id) => ({ id, title, status: 'todo' });

  it('offers the task used last first, then My work in its order, then pinned ones', () => {
    const picked = taskChoices([t('tsk_a'), t('tsk_b')], [t('tsk_p'), t('tsk_b')], 'tsk_b');
    expect(picked.tasks.map((x) => [x.id, x.from])).toEqual([
      ['tsk_b', 'last'],
      ['tsk_a', 'mine'],
      ['tsk_p', 'pinned'],
    ]);
    expect(picked.defaultTaskId).toBe('tsk_b');
  });

  it('defaults to My work’s first when the last one is gone, and to none when there is nothing', () => {
    expect(taskChoices([t('tsk_a')], [], 'tsk_gone').defaultTaskId).toBe('tsk_a');
    expect(taskChoices([], [t('tsk_p')], null).defaultTaskId).toBe('tsk_p');
    expect(taskChoices([], [], 'tsk_gone')).toEqual({ tasks: [], defaultTaskId: null });
  });
});

describe('a region', () => {
  const size = { width: 1000, height: 500 };

  it('becomes whole pixels inside the capture', () => {
    expect(regionPixels({ x: 0.1, y: 0.2, width: 0.5, height: 0.4 }, size)).toEqual({
      x: 100,
      y: 100,
      width: 500,
      height: 200,
    });
    expect(regionPixels({ x: 0.9, y: 0.9, width: 0.1, height: 0.1 }, size)).toEqual({
      x: 900,
      y: 450,
      width: 100,
      height: 50,
    });
  });

  it('too small to mean anything is refused', () => {
    expect(regionPixels({ x: 0.5, y: 0.5, width: 0.001, height: 0.3 }, size)).toBeNull();
  });
});

describe('sizes and kinds', () => {
  it('scales down to fit, never up, keeping the shape', () => {
    expect(fitWithin({ width: 2560, height: 1600 }, 960)).toEqual({ width: 960, height: 600 });
    expect(fitWithin({ width: 300, height: 200 }, 960)).toEqual({ width: 300, height: 200 });
  });

  it('tells a screen from a window by its id', () => {
    expect(sourceKind('screen:0:0')).toBe('screen');
    expect(sourceKind('window:1234:0')).toBe('window');
  });
});
