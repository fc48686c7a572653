/**
 * A last good copy of a durable file, kept for one release: the first time a release
 * reads the file and can use it, it copies those bytes to
 * `<file>.last-good-<release>` and removes the copies of other releases. So after an
 * update the file as the previous release left it stays beside the new one until the
 * next update: going back, or a file damaged later, still has it.
 */
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic-file';

const MARK = '.last-good-';

/** The copy's file name; a release is a version ("1.2.3-beta.1"), anything else is made safe. */
export const lastGoodName = (fileName: string, release: string): string =>
  `${fileName}${MARK}${release.replace(/[^0-9A-Za-z.+-]/g, '_')}`;

/** What to do in the file's folder: write this release's copy (unless it is there), remove the others. */
export function lastGoodPlan(
  fileName: string,
  release: string,
  siblings: readonly string[],
): { readonly write: string | null; readonly remove: readonly string[] } {
  const name = lastGoodName(fileName, release);
  return {
    write: siblings.includes(name) ? null : name,
    remove: siblings.filter((s) => s.startsWith(`${fileName}${MARK}`) && s !== name),
  };
}

/**
 * Applies the plan for bytes just read and found usable. A courtesy: whatever fails
 * here leaves the file itself as it is, and is tried again at the next start.
 */
export async function keepLastGoodCopy(
  filePath: string,
  release: string,
  bytes: Buffer,
): Promise<void> {
  const folder = dirname(filePath);
  const siblings = await readdir(folder).catch(() => null);
  if (siblings === null) return;
  const plan = lastGoodPlan(basename(filePath), release, siblings);
  if (plan.write !== null) {
    const written = await writeFileAtomic(join(folder, plan.write), bytes, { mode: 0o600 });
    if (!written.ok) return;
  }
  for (const old of plan.remove) await unlink(join(folder, old)).catch(() => undefined);
}
