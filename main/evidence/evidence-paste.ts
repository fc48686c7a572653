import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvidenceAttachAnswer } from '../../common/evidence';
import { MAX_EVIDENCE_FILES } from '../../common/evidence';
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import { evidenceOnClipboard, pastedImageName, pasteWords } from './clipboard-evidence';
import type { ClipboardContent } from './clipboard-evidence';

type Attach = (paths: readonly string[]) => Promise<Result<EvidenceAttachAnswer>>;

/**
 * A paste attaches what the clipboard holds by the same path as a drop:
 * files by their paths; an image written as a PNG file named for the moment
 * it was pasted, taken in (checked, copied, listed) like any file, and the
 * temporary file removed once its durable copy is made.
 */
export async function attachPasted(
  content: ClipboardContent,
  attach: Attach,
  now: () => Date,
): Promise<Result<EvidenceAttachAnswer>> {
  const found = evidenceOnClipboard(content);
  if (found.kind === 'none') return err(appError('bad_input', pasteWords.nothing));
  if (found.kind === 'files')
    return found.paths.length > MAX_EVIDENCE_FILES
      ? err(appError('bad_input', pasteWords.tooMany(found.paths.length)))
      : attach(found.paths);
  const folder = await mkdtemp(join(tmpdir(), 'task-tray-paste-'));
  try {
    const path = join(folder, pastedImageName(now()));
    await writeFile(path, found.png, { mode: 0o600 });
    return await attach([path]);
  } catch (e) {
    return err(
      appError('internal', `The pasted image could not be saved (${(e as Error).message}).`),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
