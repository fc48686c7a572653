/**
 * Where a run keeps its settings, outbox and single-instance lock. A development run
 * (`npm start`, not packaged) has the same product name as the installed app, so by
 * default it would share all three: it would read and rewrite the installed app's
 * settings, send its queued changes, and quit at once when the installed app is running
 * (the lock is per user-data folder). Development gets a folder of its own beside it.
 */
import { basename, dirname, join } from 'node:path';

export function userDataDir(defaultDir: string, isPackaged: boolean): string {
  if (isPackaged) return defaultDir;
  return join(dirname(defaultDir), `${basename(defaultDir)} (development)`);
}
