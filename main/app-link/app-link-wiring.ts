/**
 * Wires tasktray:// links from the OS to one callback. Written against a narrow host
 * interface that Electron's `app` satisfies (electron-app-links.ts passes the real one),
 * so the wiring is tested in plain Node.
 */
import { resolve } from 'node:path';
import type { Result } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import { APP_LINK_SCHEME, appLinkFromArgv, taskRefFromAppLink } from './app-link';

/** The part of Electron's `app` this needs (signatures as in electron.d.ts). */
export interface AppLinkHost {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
  on(
    event: 'open-url',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  whenReady(): Promise<unknown>;
}

export interface AppLinkProcess {
  readonly platform: NodeJS.Platform;
  /** process.argv of this (first) instance: on Windows and Linux it may hold a link. */
  readonly argv: readonly string[];
  readonly execPath: string;
  /** process.defaultApp: true when run as `electron .` in development. */
  readonly defaultApp: boolean;
  /** process.env: PORTABLE_EXECUTABLE_FILE names the portable .exe, see protocolClient. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * What the OS should start for a link: `path` and `args` for setAsDefaultProtocolClient,
 * or null for Electron's default (this executable).
 */
export function protocolClient(proc: AppLinkProcess): { path: string; args: string[] } | null {
  // In development the executable is Electron itself; the OS must also pass the app path.
  const appPath = proc.argv[1];
  if (proc.defaultApp && appPath !== undefined) {
    return { path: proc.execPath, args: [resolve(appPath)] };
  }
  // The portable Windows build unpacks itself to a temporary folder on every run and
  // deletes it on exit: the file to start is the portable .exe the user has (set by
  // electron-builder's portable launcher, as for the login item).
  const portable = proc.env.PORTABLE_EXECUTABLE_FILE;
  if (proc.platform === 'win32' && portable) return { path: portable, args: [] };
  return null;
}

export type AppLinkListener = (ref: Result<TaskRef>) => void;

export interface AppLinkWiring {
  /** Whether the OS accepted the app as the tasktray:// handler. */
  readonly registered: boolean;
}

/**
 * Registers the app for tasktray:// and calls `onLink` for every link it is opened
 * with: at launch, from a later launch (second instance), or from macOS. Links are
 * held until the app is ready, so the callback can always open the popup.
 * Call early, before 'ready': macOS sends the launch link as 'open-url' then.
 */
export function wireAppLinks(
  host: AppLinkHost,
  proc: AppLinkProcess,
  onLink: AppLinkListener,
): AppLinkWiring {
  // Every tasktray:// link is parsed by taskRefFromAppLink (scheme, length, parseTaskRef) before anything acts on it.
  const register = (): boolean => {
    const client = protocolClient(proc);
    if (client) {
      return host.setAsDefaultProtocolClient(APP_LINK_SCHEME, client.path, client.args); // eng-disable PROTOCOL_HANDLER_JS_CHECK -- links are validated by taskRefFromAppLink()
    }
    return host.setAsDefaultProtocolClient(APP_LINK_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK -- links are validated by taskRefFromAppLink()
  };
  const registered = register();

  const ready = host.whenReady();
  const deliver = (url: string) => {
    const ref = taskRefFromAppLink(url);
    void ready.then(() => onLink(ref));
  };

  host.on('open-url', (event, url) => {
    event.preventDefault();
    deliver(url);
  });
  host.on('second-instance', (_event, argv) => {
    const link = appLinkFromArgv(argv);
    if (link !== null) deliver(link);
  });
  const atLaunch = appLinkFromArgv(proc.argv);
  if (atLaunch !== null) deliver(atLaunch);

  return { registered };
}
