import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import type { PathVariables } from 'electron-log';
import { describe, expect, it } from 'vitest';
import { createLogFile, LOG_FILE_MAX_BYTES } from '../../../main/log/log-file';
import { createLogger } from '../../../main/log/logger';
import type { LogSink } from '../../../main/log/logger';
import { filesWithSecretRuns } from '../../helpers/secret-runs';
import { useTempDirs } from '../../helpers/temp-dir';

const SECRET = `comp_${'0123456789abcdef'.repeat(2)}`;

/** The log file in a temp folder, written by electron-log's own file transport, as the app's is. */
async function logFileIn(dir: string, secrets: readonly string[] = [SECRET]) {
  const echoed: string[] = [];
  const echo: LogSink = (_level, line) => void echoed.push(line);
  const file = createLogFile(electronLog, { filePath: join(dir, 'main.log'), echo });
  const log = createLogger(file.sink, () => secrets);
  return { file, log, echoed, read: () => readFile(join(dir, 'main.log'), 'utf8') };
}

describe('the log file', () => {
  const tempDir = useTempDirs('task-tray-log-file-');

  it('holds no run of a secret, in any form, whatever a line quoted', async () => {
    const dir = await tempDir();
    const { log, read } = await logFileIn(dir);
    log.error(`request with ${SECRET} failed`, new Error(`header X-API-Key: ${SECRET}`));
    log.warn('cut by a server', `…${SECRET.slice(3, 15)}…`);
    log.warn('shouted', { key: SECRET.toUpperCase(), [SECRET]: 1 });
    log.warn('encoded', { url: `?k=${encodeURIComponent(SECRET)}&b=${btoa(SECRET)}` });
    log.warn('boxed and bytes', { s: new String(SECRET), body: Buffer.from(SECRET) });
    log.info('escaped', { quoted: `"${SECRET}"\n\t${SECRET}` });
    const text = await read();
    expect(text.trim().split('\n')).toHaveLength(6);
    expect(text).toContain('[redacted]');
    expect(await filesWithSecretRuns(dir, [SECRET])).toEqual([]);
  });

  it('writes each line dated, with its level, and echoes it (to the console in the app)', async () => {
    const dir = await tempDir();
    const { log, read, echoed } = await logFileIn(dir, []);
    log.info('started', { port: 1 });
    log.warn('slow');
    log.error('failed', new Error('no network'));
    const lines = (await read()).trim().split('\n');
    const dated = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[(\w+)\] +(.*)$/;
    expect(lines.map((l) => dated.exec(l)?.slice(1))).toEqual([
      ['info', 'started {"port":1}'],
      ['warn', 'slow'],
      ['error', 'failed Error: no network'],
    ]);
    expect(echoed).toEqual(['started {"port":1}', 'slow', 'failed Error: no network']);
  });

  it('is private to the person, as the settings are', async () => {
    const dir = await tempDir();
    const { log } = await logFileIn(dir);
    log.info('hello');
    expect((await stat(join(dir, 'main.log'))).mode & 0o077).toBe(0);
  });

  it('keeps two files at most: the newest lines, and the ones before them', async () => {
    const dir = await tempDir();
    const { log, read } = await logFileIn(dir);
    const chunk = `${'x'.repeat(64 * 1024)} ${SECRET}`;
    const lines = Math.ceil((2.5 * LOG_FILE_MAX_BYTES) / chunk.length);
    for (let i = 0; i < lines; i++) log.info(`line ${i}`, { chunk });
    expect((await readdir(dir)).sort()).toEqual(['main.log', 'main.old.log']);
    for (const name of ['main.log', 'main.old.log'])
      expect((await stat(join(dir, name))).size).toBeLessThan(
        LOG_FILE_MAX_BYTES + 2 * chunk.length,
      );
    expect(await read()).toContain(`line ${lines - 1} `);
    expect(await filesWithSecretRuns(dir, [SECRET])).toEqual([]);
  });

  it('can be shown before any line was written: its path is there, empty', async () => {
    const dir = await tempDir();
    const { file } = await logFileIn(dir);
    expect(file.path()).toBe(join(dir, 'main.log'));
    expect(await readFile(file.path(), 'utf8')).toBe('');
  });

  it("lies in electron-log's usual place for the OS when no path is given", () => {
    createLogFile(electronLog, { echo: () => undefined });
    const where = { libraryDefaultDir: join('home', 'Logs', 'Task Tray'), fileName: 'main.log' };
    expect(electronLog.transports.file.resolvePathFn(where as PathVariables)).toBe(
      join('home', 'Logs', 'Task Tray', 'main.log'),
    );
  });
});
