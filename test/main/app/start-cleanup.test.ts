import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../common/channels';
import type { Result } from '../../../common/result';
import { createAppCore, OUTBOX_FILE, SETTINGS_FILE } from '../../../main/app/core';
import { startDemoService } from '../../../main/app/demo-service';
import { createMemorySecretStore } from '../../../main/secrets/memory-secret-store';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

describe('starting after a crash mid-write', () => {
  const tempDir = useTempDirs('task-tray-start-');

  it('removes the unfinished copies of settings and the outbox, and keeps the settings', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, theme: 'dark' }));
    // What a kill between writing a temp copy and renaming it leaves behind.
    const leftovers = [`.${SETTINGS_FILE}.tmp-a1b2c3d4e5f6`, `.${OUTBOX_FILE}.tmp-0f0f0f0f0f0f`];
    for (const name of leftovers) await writeFile(join(dir, name), '{"half":');
    await writeFile(join(dir, 'Preferences'), '{}');

    const logs: string[] = [];
    const core = createAppCore({
      userDataDir: dir,
      secrets: createMemorySecretStore(),
      fetch: globalThis.fetch,
      startDemoService: () => startDemoService(() => undefined),
      logSink: (_level, line) => logs.push(line),
    });
    await core.start();
    try {
      expect((await readdir(dir)).sort()).toEqual(['Preferences', SETTINGS_FILE].sort());
      expect(
        unwrap((await core.dispatch(CHANNELS.getSettings, undefined)) as Result<unknown>),
      ).toMatchObject({
        theme: 'dark',
      });
      expect(logs.join('\n')).toMatch(/Removed 1 unfinished copy of settings\.json/);
      expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))).toMatchObject({
        theme: 'dark',
      });
    } finally {
      await core.dispose();
    }
  });
});
