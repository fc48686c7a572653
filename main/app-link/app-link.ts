/**
 * tasktray:// links: the app's registered protocol. The OS hands them over on macOS
 * as an 'open-url' event, and on Windows and Linux as a command-line argument of a
 * new process (the second instance). Anything may open such a link (a web page, an
 * email), so it is parsed with the same parseTaskRef as a paste, and only links of
 * our own scheme are taken.
 */
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';

export const APP_LINK_SCHEME = 'tasktray';
const PREFIX = `${APP_LINK_SCHEME}:`;
/** A task link is well under 200 characters; refuse a long one before parsing it. */
const MAX_LINK_LENGTH = 2048;

const isAppLink = (arg: string): boolean =>
  arg.length > PREFIX.length && arg.slice(0, PREFIX.length).toLowerCase() === PREFIX;

/** The task a tasktray:// link names, or a bad_input error saying what is wrong with it. */
export function taskRefFromAppLink(url: string): Result<TaskRef> {
  if (typeof url !== 'string' || !isAppLink(url.trim())) {
    return err(
      appError(
        'bad_input',
        `Task Tray opens only its own links, which start with "${APP_LINK_SCHEME}://task/".`,
      ),
    );
  }
  if (url.length > MAX_LINK_LENGTH) {
    return err(
      appError(
        'bad_input',
        `That ${APP_LINK_SCHEME}:// link is too long to be a task link (at most ${MAX_LINK_LENGTH} characters).`,
      ),
    );
  }
  return parseTaskRef(url.trim());
}

/**
 * The tasktray:// link among a process's arguments, if any. Windows and Linux start
 * the app with the link as an argument; Chromium may add switches around it, so the
 * last argument with our scheme is the one.
 */
export function appLinkFromArgv(argv: readonly string[]): string | null {
  for (let i = argv.length - 1; i >= 0; i--) {
    const arg = argv[i];
    if (typeof arg === 'string' && isAppLink(arg)) return arg;
  }
  return null;
}
