import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastGoodPlan } from '../../../main/storage/last-good-copy';
import { createSettingsStore } from '../../../main/settings/settings-store';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

describe('the last good copy of a file, kept for one release', () => {
  const tempDir = useTempDirs('task-tray-last-good-');

  it('is written once per release, and the copies of other releases go', () => {
    const siblings = [
      'settings.json',
      'settings.json.last-good-0.1.0',
      'outbox.json.last-good-0.1.0',
      'settings.json.corrupt-2026.json',
    ];
    expect(lastGoodPlan('settings.json', '0.2.0', siblings)).toEqual({
      write: 'settings.json.last-good-0.2.0',
      remove: ['settings.json.last-good-0.1.0'],
    });
    expect(
      lastGoodPlan('settings.json', '0.2.0', [...siblings, 'settings.json.last-good-0.2.0']),
    ).toMatchObject({ write: null });
    expect(lastGoodPlan('settings.json', '../x', [])).toEqual({
      write: 'settings.json.last-good-.._x',
      remove: [],
    });
  });

  it('keeps the settings as the previous release left them, through the new one’s saves', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'settings.json');
    const before = `${JSON.stringify({ version: 1, theme: 'dark' })}\n`;
    await writeFile(filePath, before);
    await writeFile(join(dir, 'settings.json.last-good-0.0.9'), 'older');

    const store = createSettingsStore({ filePath, release: '0.2.0' });
    await store.load();
    unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
    // A second start of the same release keeps the first copy.
    await createSettingsStore({ filePath, release: '0.2.0' }).load();

    expect((await readdir(dir)).sort()).toEqual(['settings.json', 'settings.json.last-good-0.2.0']);
    expect(await readFile(join(dir, 'settings.json.last-good-0.2.0'), 'utf8')).toBe(before);
    expect(await readFile(filePath, 'utf8')).toContain('"theme":"light"');
  });

  it('is not made of a file that could not be used', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'settings.json');
    await writeFile(filePath, '{ not json');
    await createSettingsStore({ filePath, release: '0.2.0' }).load();
    expect((await readdir(dir)).some((n) => n.includes('last-good'))).toBe(false);
  });
});
