import { join } from 'node:path';
import { z } from 'zod';
import { COMPLIANCE_TASK_ID_PATTERN } from '../../common/compliance-task';
import { createCacheFile } from '../storage/cache-file';

/**
 * The task each profile's last capture went to (`capture.json`), offered
 * first next time. A convenience: a file that cannot be read is removed and
 * the picker starts from My work.
 */

const Entry = z.strictObject({
  profileId: z.string().min(1).max(256),
  taskId: z.string().regex(COMPLIANCE_TASK_ID_PATTERN),
});
type Entry = z.infer<typeof Entry>;

export interface LastTasks {
  of(profileId: string): Promise<string | null>;
  set(profileId: string, taskId: string): Promise<void>;
}

export function createLastTasks(userDataDir: string, onProblem: (m: string) => void): LastTasks {
  const file = createCacheFile({
    filePath: join(userDataDir, 'capture.json'),
    version: 1,
    entry: Entry,
    maxEntries: 100,
    maxBytes: 64 * 1024,
    unusable: 'The task your last capture went to could not be read; it was forgotten.',
    onProblem,
  });
  let entries: Promise<readonly Entry[]> | null = null;
  const load = () => (entries ??= file.load());
  let writing: Promise<void> = Promise.resolve();
  return {
    of: async (profileId) => (await load()).find((e) => e.profileId === profileId)?.taskId ?? null,
    async set(profileId, taskId) {
      const next = [
        { profileId, taskId },
        ...(await load()).filter((e) => e.profileId !== profileId),
      ];
      entries = Promise.resolve(next);
      // One write at a time, each of the whole list as it is then.
      writing = writing.then(() => file.save(next));
      await writing;
    },
  };
}
