/**
 * Launch at login on Linux: writes or removes the XDG autostart entry. Plain Node,
 * tested against a temporary config folder.
 */
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { HIDDEN_ARG } from './login-item';
import type { LoginItem } from './login-item';
import {
  autostartEntry,
  autostartFilePath,
  autostartProgram,
  autostartStarts,
  entryLostItsAppImage,
  launchCommand,
} from './xdg-autostart';

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
  let queue: Promise<unknown> = Promise.resolve();

  const readEntry = (): Promise<string | null> => readFile(file, 'utf8').catch(() => null);
  const exists = (path: string): Promise<boolean> =>
    access(path).then(
      () => true,
      () => false,
    );

  async function isEnabled(wanted = false): Promise<boolean> {
    const content = await readEntry();
    // No file (or unreadable): nothing will start.
    if (content === null) return false;
    const entryProgram = autostartProgram(content);
    const lost = entryLostItsAppImage({
      wanted,
      appImage: Boolean(deps.env.APPIMAGE),
      program,
      entryProgram,
      entryProgramExists: entryProgram !== null && (await exists(entryProgram)),
    });
    if (lost) return (await apply(true)).ok;
    return autostartStarts(content, program);
  }

  /** Writes the entry for `cmd`, beside the file and renamed over it: the session never reads half a file. */
  async function writeEntry(cmd: readonly string[]): Promise<void> {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(temp, autostartEntry(cmd), { mode: 0o644 });
      await rename(temp, file);
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
  }

  async function apply(on: boolean): Promise<Result<boolean>> {
    if (typeof on !== 'boolean') {
      return err(appError('bad_input', 'Open at login is either on or off.'));
    }
    try {
      if (on) await writeEntry(command);
      else await rm(file, { force: true });
    } catch (e) {
      return err(
        appError(
          'storage',
          `Could not turn launch at login ${on ? 'on' : 'off'}: ${file} could not be ${
            on ? 'written' : 'removed'
          } (${reason(e)}). Check that your config folder is writable.`,
        ),
      );
    }
    const now = autostartStarts((await readEntry()) ?? '', program);
    return now === on
      ? ok(now)
      : err(
          appError(
            'storage',
            `Open at login is still ${now ? 'on' : 'off'}: ${file} did not take the change.`,
          ),
        );
  }

  /** One change at a time: a second click must not interleave with a write in progress. */
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    isEnabled: (wanted) => inTurn(() => isEnabled(wanted)),
    setEnabled: (on) => inTurn(() => apply(on)),
    programMoved: (newPath) =>
      inTurn(async () => {
        const content = await readEntry();
        if (content === null || !autostartStarts(content, program)) return;
        await writeEntry([newPath, HIDDEN_ARG]).catch(() => undefined);
      }),
  };
}
