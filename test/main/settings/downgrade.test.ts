/**
 * Going back a version loses nothing: the file this build writes is one the previous
 * build reads whole, and the fields of a newer build's file this one does not know
 * are kept on every save. Real files in a temporary folder.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../../main/settings/schema';
import type { Settings } from '../../../main/settings/schema';
import { createSettingsStore } from '../../../main/settings/settings-store';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { previousBuildReads } from './previous-build/settings-schema-v1';

const profile = (id: string): Settings['profiles'][number] => ({
  id,
  label: `Org ${id}`,
  baseUrl: 'https://api.example.com',
  authKind: 'api-key',
  organizationId: 'org_1',
  createdAt: '2026-01-02T03:04:05.000Z',
});

const pin = (profileId: string, taskId: string): Settings['pinned'][number] => ({
  profileId,
  taskId,
  ref: { organizationId: 'org_1' },
  snapshot: null,
  error: null,
  pinnedAt: '2026-01-02T03:04:05.000Z',
  changedHereAt: '2026-01-03T00:00:00.000Z',
});

describe('settings across versions', () => {
  const tempDir = useTempDirs('task-tray-downgrade-');
  const store = async () => {
    const filePath = join(await tempDir(), 'settings.json');
    return { filePath, store: createSettingsStore({ filePath }) };
  };

  it("writes a file the previous build reads whole: its profiles and pins don't vanish", async () => {
    const { filePath, store: s } = await store();
    await s.load();
    unwrap(
      await s.update((x) => ({
        ...x,
        profiles: [profile('prof_1'), profile('prof_2')],
        activeProfileId: 'prof_2',
        pinned: [pin('prof_1', 'tski_a1'), pin('prof_2', 'tski_b2')],
        launchAtLogin: true,
        notifications: { ...x.notifications, assigned: false },
      })),
    );
    const text = await readFile(filePath, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ version: SETTINGS_VERSION });
    const read = previousBuildReads(text);
    if (read === 'future' || !read.success) throw new Error(`refused: ${JSON.stringify(read)}`);
    expect(read.data).toMatchObject({
      profiles: [{ id: 'prof_1' }, { id: 'prof_2' }],
      activeProfileId: 'prof_2',
      pinned: [
        { profileId: 'prof_1', taskId: 'tski_a1' },
        { profileId: 'prof_2', taskId: 'tski_b2' },
      ],
      launchAtLogin: true,
    });
  });

  it("reads a newer build's file with fields it does not know, and keeps them on save", async () => {
    const { filePath, store: s } = await store();
    const newer = {
      version: SETTINGS_VERSION,
      profiles: [
        { ...profile('prof_1'), region: 'eu' },
        { ...profile('prof_2'), region: 'us' },
      ],
      activeProfileId: 'prof_1',
      pinned: [{ ...pin('prof_1', 'tski_a1'), colour: 'red' }],
      density: 'compact',
      reminders: [{ at: '09:00' }],
    };
    await writeFile(filePath, JSON.stringify(newer));

    const loaded = await s.load();
    expect(loaded.problem).toBeNull();
    expect(loaded.settings.profiles.map((p) => p.id)).toEqual(['prof_1', 'prof_2']);
    expect(loaded.settings.pinned.map((p) => p.taskId)).toEqual(['tski_a1']);
    // This build's own view has none of them.
    expect(loaded.settings).not.toHaveProperty('density');

    unwrap(
      await s.update((x) => ({
        ...x,
        profiles: x.profiles.filter((p) => p.id !== 'prof_2'),
        theme: 'dark',
      })),
    );
    const written = JSON.parse(await readFile(filePath, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      theme: 'dark',
      density: 'compact',
      reminders: [{ at: '09:00' }],
      profiles: [{ id: 'prof_1', region: 'eu' }],
      pinned: [{ taskId: 'tski_a1', colour: 'red' }],
    });
    // The removed profile's fields went with it.
    expect(JSON.stringify(written)).not.toContain('"us"');
  });

  it('never keeps an unknown field named like a secret', async () => {
    const { filePath, store: s } = await store();
    await writeFile(
      filePath,
      JSON.stringify({ profiles: [profile('prof_1')], sessionToken: 'abc', density: 'compact' }),
    );
    const loaded = await s.load();
    // Refused as before: set aside, and what could be read of it kept.
    expect(loaded.problem?.message).toMatch(/sessionToken/);
    expect(loaded.settings.profiles.map((p) => p.id)).toEqual(['prof_1']);
    unwrap(await s.update((x) => ({ ...x, theme: 'light' })));
    expect(await readFile(filePath, 'utf8')).not.toContain('sessionToken');
  });
});
