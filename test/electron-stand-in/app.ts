import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { Recorder } from './recorder';
import type { AppSurface } from './surface';

export interface AppOptions {
  /** The folder standing for the OS's per-user folders (appData, logs, temp…). */
  readonly home: string;
  /** What app.getAppPath() answers: the project, where build/ and out/ are. */
  readonly appPath: string;
  /** false: another instance holds the lock. */
  readonly lockGranted: boolean;
  readonly isPackaged: boolean;
}

/** A `preventDefault()`-able event as Electron passes to app listeners. */
export const electronEvent = () => {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
  return event;
};

/**
 * Electron's `app`: its events are emitted by the test (ready, second-instance,
 * before-quit…), not by an OS. quit() runs the quit sequence on the next tick,
 * as Electron does after the current task.
 */
export class StandInApp extends EventEmitter {
  readonly name = 'Task Tray';
  readonly isPackaged: boolean;
  /** Set once the quit sequence ran to its end: Electron would exit here. */
  exited = false;
  private ready = false;
  private readonly readyPromise: Promise<void>;
  private resolveReady = (): void => undefined;
  private readonly paths: Record<string, string>;

  constructor(
    private readonly rec: Recorder,
    private readonly opts: AppOptions,
  ) {
    super();
    this.isPackaged = opts.isPackaged;
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
    const appData = join(opts.home, 'config');
    this.paths = {
      home: opts.home,
      appData,
      userData: join(appData, this.name),
      logs: join(opts.home, 'logs'),
      temp: join(opts.home, 'tmp'),
      exe: process.execPath,
    };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's EventEmitter and timer signatures
  override on(event: string | symbol, listener: (...args: any[]) => void): this {
    this.rec.record('app', 'on', [event]);
    return super.on(event, listener);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's EventEmitter and timer signatures
  override once(event: string | symbol, listener: (...args: any[]) => void): this {
    this.rec.record('app', 'once', [event]);
    return super.once(event, listener);
  }

  whenReady(): Promise<void> {
    this.rec.record('app', 'whenReady');
    return this.readyPromise;
  }

  isReady(): boolean {
    return this.ready;
  }

  getPath(name: Parameters<AppSurface['getPath']>[0]): string {
    const path = this.paths[name];
    if (path === undefined) throw new Error(`The stand-in has no path for "${name}".`);
    return path;
  }

  setPath(name: Parameters<AppSurface['setPath']>[0], path: string): void {
    this.rec.record('app', 'setPath', [name, path]);
    this.paths[name] = path;
  }

  getAppPath(): string {
    return this.opts.appPath;
  }

  getName(): string {
    return this.name;
  }

  getVersion(): string {
    return '0.1.0';
  }

  requestSingleInstanceLock(): boolean {
    this.rec.record('app', 'requestSingleInstanceLock');
    return this.opts.lockGranted;
  }

  setToastActivatorCLSID(id: string): void {
    this.rec.record('app', 'setToastActivatorCLSID', [id]);
  }
  setAppUserModelId(id: string): void {
    this.rec.record('app', 'setAppUserModelId', [id]);
  }

  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    this.rec.record('app', 'setAsDefaultProtocolClient', [protocol, path, args]);
    return true;
  }

  setLoginItemSettings(settings: Electron.Settings): void {
    this.rec.record('app', 'setLoginItemSettings', [settings]);
  }

  getLoginItemSettings(): Electron.LoginItemSettings {
    return {
      openAtLogin: false,
      wasOpenedAtLogin: false,
      status: 'not-registered',
      executableWillLaunchAtLogin: false,
      launchItems: [],
    };
  }

  quit(): void {
    this.rec.record('app', 'quit');
    process.nextTick(() => this.runQuit());
  }

  exit(code?: number): void {
    this.rec.record('app', 'exit', [code]);
    this.exited = true;
  }

  /** The test's part: Electron finished launching. */
  becomeReady(): void {
    this.rec.record('test', 'ready');
    this.ready = true;
    this.resolveReady();
    this.emit('ready', electronEvent(), {});
  }

  /** The quit sequence; stops where a before-quit or will-quit listener prevents it. */
  runQuit(): void {
    if (this.exited) return;
    this.rec.record('test', 'quit');
    const beforeQuit = electronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', electronEvent(), 0);
    this.exited = true;
  }
}

/**
 * Ties the class to Electron's types: tsc fails here if a member is missing or
 * shaped wrong. The listener methods are left out: Electron's return App itself.
 */
export const asAppSurface = (
  app: StandInApp,
): Omit<AppSurface, 'on' | 'once' | 'off' | 'removeListener'> => app;
