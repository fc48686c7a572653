/**
 * The log file in the app: electron-log's main entry, set up by log-file.ts.
 * As it loads, electron-log listens on a channel of its own for the
 * renderer's lines; the popup sends none, and a line from a page would reach
 * the file without passing the secret guard, so the channel is closed again.
 */

import { ipcMain } from 'electron';
import electronLog from 'electron-log/main';
import { createLogFile } from './log-file';
import type { LogFile } from './log-file';

const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__';

export function openElectronLogFile(): LogFile {
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL);
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL);
  return createLogFile(electronLog);
}
