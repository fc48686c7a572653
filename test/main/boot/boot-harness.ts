import { watch } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { contract } from '../../../common/ipc';
import type { InputOf, MethodName, OutputOf } from '../../../common/ipc';
import type { Result } from '../../../common/result';
import { createElectronStandIn } from '../../electron-stand-in';
import type { StandInOptions } from '../../electron-stand-in';
import { loadMainBundle } from '../../electron-stand-in/load-bundle';
import type { LoadOptions } from '../../electron-stand-in/load-bundle';
import { trackAppTimers } from '../../electron-stand-in/timers';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The page the popup loads: IPC from it is trusted. */
export const POPUP_URL = 'app://bundle/index.html';

export interface BootOptions extends Omit<StandInOptions, 'home' | 'appPath'>, LoadOptions {
  /** Files put in the user-data folder before the app starts (name → text). */
  readonly files?: Readonly<Record<string, string>>;
}

/** Where a development run keeps its settings (main/app/user-data-dir.ts). */
export const userDataOf = (home: string) => join(home, 'config', 'Task Tray (development)');

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves once check() holds, looking after every turn of the event loop. */
export async function until(check: () => boolean, what: string, turns = 5_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (check()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

/**
 * One start of the built app in `home` with the stand-in: loaded, made ready,
 * and waited for until start() has bound the shortcut (its last wait).
 */
export async function bootApp(home: string, options: BootOptions = {}) {
  const userData = userDataOf(home);
  await mkdir(userData, { recursive: true });
  for (const [name, text] of Object.entries(options.files ?? {}))
    await writeFile(join(userData, name), text);
  const said: string[] = [];
  const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      said.push(args.map(String).join(' '));
    }),
  );
  const standIn = createElectronStandIn({ ...options, home, appPath: ROOT });
  const timers = trackAppTimers();
  const unload = loadMainBundle(standIn, options);
  const { app, ipcMain, rec } = standIn;

  const boot = {
    standIn,
    rec,
    userData,
    /** Every console line and log line main wrote. */
    said,
    timers,
    async ready(): Promise<void> {
      app.becomeReady();
      await until(() => rec.first('globalShortcut.register') !== -1, 'the shortcut');
      await settle();
    },
    /** Calls a contract method as the popup's page would. */
    async call<M extends MethodName>(method: M, input?: InputOf<M>): Promise<Result<OutputOf<M>>> {
      return (await ipcMain.invoke(contract[method].channel, input, POPUP_URL)) as Result<
        OutputOf<M>
      >;
    },
    /**
     * The OS quits the app: runs the quit sequence and waits while the app holds
     * it (main cleans up, then quits again); true once Electron would exit.
     */
    async quit(): Promise<boolean> {
      app.runQuit();
      await until(() => app.exited, 'the app to quit');
      return app.exited;
    },
    /**
     * Quits as quit() does, and lists what changed in the user-data folder in
     * `afterMs` after Electron would have exited: writes cut off in a real app.
     */
    async quitAndWatch(afterMs = 200): Promise<string[]> {
      const changes: string[] = [];
      let exited = false;
      const watcher = watch(userData, (_event, name) => {
        if (exited) changes.push(String(name));
      });
      try {
        await boot.quit();
        exited = true;
        await new Promise((resolve) => setTimeout(resolve, afterMs));
      } finally {
        watcher.close();
      }
      return changes;
    },
    /** Puts back Node's loader, timers and console. */
    unload(): void {
      unload();
      timers.restore();
      spies.forEach((s) => s.mockRestore());
    },
  };
  return boot;
}

export type Boot = Awaited<ReturnType<typeof bootApp>>;

/** Removes the keychain entries of the profiles in a user-data folder's settings (nothing else). */
export async function removeProfileSecrets(userData: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const keytar = await import('keytar');
  const text = await readFile(join(userData, 'settings.json'), 'utf8').catch(() => '{}');
  let ids: string[];
  try {
    ids = ((JSON.parse(text) as { profiles?: { id: string }[] }).profiles ?? []).map((p) => p.id);
  } catch {
    return;
  }
  await Promise.all(ids.map((id) => keytar.deletePassword('Task Tray', id).catch(() => false)));
}
