/**
 * Launch at login on Linux: writes or removes the XDG autostart entry. Plain Node,
 * tested against a temporary config folder.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { LoginItem } from './login-item';
import { autostartEntry, autostartFilePath, autostartStarts, launchCommand } from './xdg-autostart';

export interface LinuxLoginItemDeps {
  /** $XDG_CONFIG_HOME (see xdgConfigHome); Electron's app.getPath('appData') on Linux. */
  readonly configHome: string;
  /** The running executable (process.execPath). */
  readonly execPath: string;
  /** process.env: $APPIMAGE names the file to start when running as an AppImage. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

function reason(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : e instanceof Error ? e.message : String(e);
}

export function createLinuxLoginItem(deps: LinuxLoginItemDeps): LoginItem {
  const file = autostartFilePath(deps.configHome);
  const command = launchCommand(deps.execPath, deps.env);
  const program = command[0] ?? deps.execPath;
  // One change at a time: a second click must not interleave with a write in progress.
  let queue: Promise<unknown> = Promise.resolve();

  async function isEnabled(): Promise<boolean> {
    try {
      return autostartStarts(await readFile(file, 'utf8'), program);
    } catch {
      return false; // no file (or unreadable): nothing will start
    }
  }

  async function apply(on: boolean): Promise<Result<boolean>> {
    if (typeof on !== 'boolean') {
      return err(appError('bad_input', 'Launch at login is either on or off.'));
    }
    // Written beside the file and renamed over it, so the session never reads half a file.
    const temp = `${file}.${process.pid}.tmp`;
    try {
      if (on) {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(temp, autostartEntry(command), { mode: 0o644 });
        await rename(temp, file);
      } else {
        await rm(file, { force: true });
      }
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      return err(
        appError(
          'storage',
          `Could not turn launch at login ${on ? 'on' : 'off'}: ${file} could not be ${
            on ? 'written' : 'removed'
          } (${reason(e)}). Check that your config folder is writable.`,
        ),
      );
    }
    const now = await isEnabled();
    return now === on
      ? ok(now)
      : err(
          appError(
            'storage',
            `Launch at login is still ${now ? 'on' : 'off'}: ${file} did not take the change.`,
          ),
        );
  }

  return {
    isEnabled,
    setEnabled(on) {
      const result = queue.then(() => apply(on));
      queue = result;
      return result;
    },
  };
}
