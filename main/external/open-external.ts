import type { Shell } from 'electron';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { safeExternalUrl } from './safe-external-url';

/**
 * The only way the app opens a link in the system browser: shell is Electron's
 * (passed in, so this file runs in plain Node too), text is whatever the
 * renderer or a page asked to open.
 */
export async function openExternalSafely(
  shell: Pick<Shell, 'openExternal'>,
  text: string,
): Promise<Result<null>> {
  const url = safeExternalUrl(text);
  if (!url.ok) return url;
  try {
    await shell.openExternal(url.value); // eng-disable OPEN_EXTERNAL_JS_CHECK -- url.value is safeExternalUrl()'s output: parsed, http(s) only, no credentials
    return ok(null);
  } catch {
    return err(appError('internal', 'The link could not be opened in your browser.'));
  }
}
