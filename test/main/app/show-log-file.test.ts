import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../common/channels';
import { ok } from '../../../common/result';
import type { Result } from '../../../common/result';
import { createAppCore } from '../../../main/app/core';
import type { AppCoreOptions } from '../../../main/app/core';
import { startDemoService } from '../../../main/app/demo-service';
import { createLogFile } from '../../../main/log/log-file';
import { createMemorySecretStore } from '../../../main/secrets/memory-secret-store';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

describe("Settings' Show log file", () => {
  const tempDir = useTempDirs('task-tray-show-log-');

  /** Main's core in a temp folder, asked to show its log file as the renderer asks. */
  async function showLogFile(extra: Partial<AppCoreOptions>): Promise<Result<unknown>> {
    const core = createAppCore({
      userDataDir: await tempDir(),
      secrets: createMemorySecretStore(),
      fetch: globalThis.fetch,
      startDemoService: () => startDemoService(() => undefined),
      ...extra,
    });
    await core.start();
    try {
      return (await core.dispatch(CHANNELS.showLogFile, undefined)) as Result<unknown>;
    } finally {
      await core.dispose();
    }
  }

  it('shows the file main logs to, as electron-log wrote it', async () => {
    const filePath = join(await tempDir(), 'logs', 'main.log');
    const logFile = createLogFile(electronLog, { filePath, echo: () => undefined });
    const shown: string[] = [];
    const answer = await showLogFile({
      logSink: logFile.sink,
      showLogFile: () => {
        shown.push(logFile.path());
        return ok(null);
      },
    });
    expect(unwrap(answer)).toBeNull();
    expect(shown).toEqual([filePath]);
    // The file is there to be shown, whether or not main has logged anything yet.
    await expect(readFile(filePath, 'utf8')).resolves.toBeTypeOf('string');
  });

  it('says so where there is no log file to show', async () => {
    const answer = await showLogFile({ logSink: () => undefined });
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'The log file is not available here.' },
    });
  });
});
