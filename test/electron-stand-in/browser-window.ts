import { EventEmitter } from 'node:events';
import type { StandInApp } from './app';
import { electronEvent } from './app';
import type { Recorder } from './recorder';
import type { StandInProtocol, StandInSessions } from './web';
import { StandInWebContents } from './web';

type Options = Electron.BrowserWindowConstructorOptions;

/**
 * BrowserWindow, made per stand-in so its windows find the stand-in's app and
 * sessions. A window is a rectangle with a visibility flag; its webContents
 * is announced to app's 'web-contents-created' as it is made, as Electron does.
 */
export function browserWindowClass(
  rec: Recorder,
  app: StandInApp,
  protocol: StandInProtocol,
  sessions: StandInSessions,
) {
  const windows: StandInBrowserWindow[] = [];

  class StandInBrowserWindow extends EventEmitter {
    readonly webContents: StandInWebContents;
    private visible = false;
    private destroyed = false;
    private bounds: Electron.Rectangle;

    constructor(readonly options: Options = {}) {
      super();
      rec.record('BrowserWindow', 'new', [options]);
      const partition = options.webPreferences?.partition;
      const session = partition ? sessions.fromPartition(partition) : sessions.defaultSession;
      this.webContents = new StandInWebContents(rec, protocol, session);
      this.bounds = { x: 0, y: 0, width: options.width ?? 800, height: options.height ?? 600 };
      windows.push(this);
      app.emit('web-contents-created', electronEvent(), this.webContents);
    }

    static fromWebContents(contents: unknown): StandInBrowserWindow | null {
      return windows.find((w) => w.webContents === contents) ?? null;
    }

    static getAllWindows(): StandInBrowserWindow[] {
      return windows.filter((w) => !w.destroyed);
    }

    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url);
    }

    show(): void {
      rec.record('BrowserWindow', 'show');
      this.visible = true;
      this.emit('show');
    }

    /** As desktopCapturer names it: the capture leaves the app's own windows out. */
    getMediaSourceId(): string {
      return `window:${1000 + windows.indexOf(this)}:0`;
    }

    showInactive(): void {
      this.show();
    }

    hide(): void {
      rec.record('BrowserWindow', 'hide');
      this.visible = false;
      this.emit('hide');
    }

    focus(): void {
      rec.record('BrowserWindow', 'focus');
    }

    close(): void {
      rec.record('BrowserWindow', 'close');
      if (this.destroyed) return;
      const event = electronEvent();
      this.emit('close', event);
      if (!event.defaultPrevented) this.destroy();
    }

    destroy(): void {
      if (this.destroyed) return;
      this.destroyed = true;
      this.visible = false;
      this.webContents.destroyed = true;
      this.emit('closed');
    }

    isVisible(): boolean {
      return this.visible;
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }

    getSize(): number[] {
      return [this.bounds.width, this.bounds.height];
    }

    setSize(width: number, height: number): void {
      this.bounds = { ...this.bounds, width, height };
    }

    getBounds(): Electron.Rectangle {
      return { ...this.bounds };
    }

    setBounds(bounds: Partial<Electron.Rectangle>): void {
      this.bounds = { ...this.bounds, ...bounds };
    }

    getPosition(): number[] {
      return [this.bounds.x, this.bounds.y];
    }

    setPosition(x: number, y: number): void {
      this.bounds = { ...this.bounds, x, y };
    }

    setVisibleOnAllWorkspaces(): void {}
    setAlwaysOnTop(): void {}
    setSkipTaskbar(): void {}
  }

  return { BrowserWindow: StandInBrowserWindow, windows };
}

export type StandInBrowserWindow = InstanceType<
  ReturnType<typeof browserWindowClass>['BrowserWindow']
>;
