import { EventEmitter } from 'node:events';
import type { Recorder } from './recorder';
import type { ProtocolSurface, SessionModuleSurface, SessionSurface } from './surface';

type Handler = (request: Request) => Response | Promise<Response>;

/** `protocol`: records registrations; loadURL of a handled scheme goes through the handler. */
export class StandInProtocol implements ProtocolSurface {
  readonly handlers = new Map<string, Handler>();
  constructor(private readonly rec: Recorder) {}

  registerSchemesAsPrivileged(schemes: Electron.CustomScheme[]): void {
    this.rec.record('protocol', 'registerSchemesAsPrivileged', [schemes]);
  }

  handle(scheme: string, handler: Handler): void {
    this.rec.record('protocol', 'handle', [scheme]);
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.rec.record('protocol', 'unhandle', [scheme]);
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
}

type PermissionRequest = Parameters<SessionSurface['setPermissionRequestHandler']>[0];
type PermissionCheck = Parameters<SessionSurface['setPermissionCheckHandler']>[0];
type DevicePermission = Parameters<SessionSurface['setDevicePermissionHandler']>[0];

/** One session: the handlers set on it, and webRequest listeners, kept to be asked by the test. */
export class StandInSession {
  permissionRequest: PermissionRequest = null;
  permissionCheck: PermissionCheck = null;
  devicePermission: DevicePermission = null;
  readonly webRequest: SessionSurface['webRequest'];
  readonly cookies: SessionSurface['cookies'] = { get: () => Promise.resolve([]) };

  constructor(
    private readonly rec: Recorder,
    readonly partition: string,
  ) {
    const listen =
      (method: string) =>
      (...args: unknown[]) =>
        rec.record('session', `webRequest.${method}`, [partition, ...args]);
    this.webRequest = {
      onHeadersReceived: listen('onHeadersReceived'),
      onBeforeRequest: listen('onBeforeRequest'),
      onBeforeSendHeaders: listen('onBeforeSendHeaders'),
    };
  }

  setPermissionRequestHandler(handler: PermissionRequest): void {
    this.rec.record('session', 'setPermissionRequestHandler', [this.partition]);
    this.permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheck): void {
    this.rec.record('session', 'setPermissionCheckHandler', [this.partition]);
    this.permissionCheck = handler;
  }

  setDevicePermissionHandler(handler: DevicePermission): void {
    this.rec.record('session', 'setDevicePermissionHandler', [this.partition]);
    this.devicePermission = handler;
  }

  clearStorageData(): Promise<void> {
    this.rec.record('session', 'clearStorageData', [this.partition]);
    return Promise.resolve();
  }
}

export const asSession = (s: StandInSession): SessionSurface => s;

/** `session`: the default session and in-memory partitions by name. */
export class StandInSessions implements SessionModuleSurface {
  readonly defaultSession: StandInSession;
  private readonly partitions = new Map<string, StandInSession>();
  constructor(private readonly rec: Recorder) {
    this.defaultSession = new StandInSession(rec, '(default)');
  }

  fromPartition(partition: string): StandInSession {
    let s = this.partitions.get(partition);
    if (!s) this.partitions.set(partition, (s = new StandInSession(this.rec, partition)));
    return s;
  }
}

/** What a page load through the app's protocol handler answered. */
export interface LoadedPage {
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
}

let nextId = 1;

/**
 * A webContents with no page: it records what the app sends it and plays the
 * events a page's life brings (navigation attempts, window.open), asking the
 * handlers the app installed.
 */
export class StandInWebContents extends EventEmitter {
  readonly id = nextId++;
  destroyed = false;
  loaded: LoadedPage | null = null;
  windowOpenHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | null = null;

  constructor(
    private readonly rec: Recorder,
    private readonly protocol: StandInProtocol,
    readonly session: StandInSession,
  ) {
    super();
  }

  /** Loads through the handler the app registered for the URL's scheme; fails like Electron without one. */
  async loadURL(url: string): Promise<void> {
    this.rec.record('webContents', 'loadURL', [url]);
    const handler = this.protocol.handlers.get(new URL(url).protocol.slice(0, -1));
    if (!handler) throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`);
    const response = await handler(new Request(url));
    this.loaded = { url, status: response.status, headers: response.headers };
    if (!response.ok) throw new Error(`ERR_FAILED (${response.status}) loading '${url}'`);
    this.emit('did-finish-load');
  }

  send(channel: string, ...args: unknown[]): void {
    this.rec.record('webContents', 'send', [channel, ...args]);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isDevToolsOpened(): boolean {
    return false;
  }

  getURL(): string {
    return this.loaded?.url ?? '';
  }

  setWindowOpenHandler(handler: NonNullable<StandInWebContents['windowOpenHandler']>): void {
    this.rec.record('webContents', 'setWindowOpenHandler');
    this.windowOpenHandler = handler;
  }

  /** A frame tries to go to url (a link, a script, a redirect): true when the app let it. */
  tryNavigate(
    url: string,
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
  ): boolean {
    let prevented = false;
    this.emit(event, { url, preventDefault: () => (prevented = true) });
    return !prevented;
  }
}
