import { EventEmitter } from 'node:events';
import type { Recorder } from './recorder';
import type { IpcMainSurface } from './surface';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's EventEmitter and timer signatures
type InvokeHandler = (event: Electron.IpcMainInvokeEvent, ...args: any[]) => unknown;

/** `ipcMain`: keeps the handlers the app registers so the test can invoke them as a page would. */
export class StandInIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>();
  constructor(private readonly rec: Recorder) {
    super();
  }

  handle(channel: string, handler: InvokeHandler): void {
    this.rec.record('ipcMain', 'handle', [channel]);
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.rec.record('ipcMain', 'removeHandler', [channel]);
    this.handlers.delete(channel);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's EventEmitter and timer signatures
  override on(channel: string | symbol, listener: (...args: any[]) => void): this {
    this.rec.record('ipcMain', 'on', [channel]);
    return super.on(channel, listener);
  }

  override removeAllListeners(channel?: string | symbol): this {
    this.rec.record('ipcMain', 'removeAllListeners', [channel]);
    return super.removeAllListeners(channel);
  }

  /** Calls a channel's handler as ipcRenderer.invoke from a top frame at frameUrl would. */
  async invoke(channel: string, input: unknown, frameUrl: string): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = {
      senderFrame: { url: frameUrl, parent: null },
    } as unknown as Electron.IpcMainInvokeEvent;
    return handler(event, input);
  }
}

/** Ties the class to Electron's types (the listener methods return IpcMain itself: left out). */
export const asIpcMain = (
  ipc: StandInIpcMain,
): Omit<IpcMainSurface, 'on' | 'removeListener' | 'removeAllListeners'> => ipc;
