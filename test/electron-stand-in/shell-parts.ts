import { EventEmitter } from 'node:events';
import type { Recorder } from './recorder';

/** A built menu: the template as given, so the test reads its labels and clicks its items. */
export interface StandInMenu {
  readonly items: Electron.MenuItemConstructorOptions[];
}

/** Tray, Menu and Notification, made per stand-in so they record into its recorder. */
export function shellClasses(rec: Recorder, notificationsSupported: () => boolean) {
  const trays: StandInTray[] = [];
  const notifications: StandInNotification[] = [];

  class StandInTray extends EventEmitter {
    menu: StandInMenu | null = null;
    tooltip = '';
    destroyed = false;
    constructor(public image: unknown) {
      super();
      rec.record('Tray', 'new', [image]);
      trays.push(this);
    }
    setContextMenu(menu: StandInMenu | null): void {
      rec.record('Tray', 'setContextMenu', [menu]);
      this.menu = menu;
    }
    setToolTip(text: string): void {
      rec.record('Tray', 'setToolTip', [text]);
      this.tooltip = text;
    }
    setImage(image: unknown): void {
      rec.record('Tray', 'setImage', [image]);
      this.image = image;
    }
    setIgnoreDoubleClickEvents(): void {}
    getBounds(): Electron.Rectangle {
      return { x: 0, y: 0, width: 0, height: 0 };
    }
    popUpContextMenu(): void {}
    destroy(): void {
      rec.record('Tray', 'destroy');
      this.destroyed = true;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
  }

  const Menu = {
    buildFromTemplate(template: Electron.MenuItemConstructorOptions[]): StandInMenu {
      rec.record('Menu', 'buildFromTemplate', [template]);
      return { items: template };
    },
    setApplicationMenu(menu: StandInMenu | null): void {
      rec.record('Menu', 'setApplicationMenu', [menu]);
    },
  };

  class StandInNotification extends EventEmitter {
    shown = false;
    constructor(readonly options: Electron.NotificationConstructorOptions = {}) {
      super();
      rec.record('Notification', 'new', [options]);
      notifications.push(this);
    }
    static isSupported(): boolean {
      return notificationsSupported();
    }
    /** Windows toasts' clicks, this run's and earlier ones'; the boot records who listens. */
    static handleActivation(callback: (details: Electron.ActivationArguments) => void): void {
      rec.record('Notification', 'handleActivation', [callback]);
    }
    show(): void {
      rec.record('Notification', 'show', [this.options.body]);
      this.shown = true;
    }
    close(): void {}
  }

  return { Tray: StandInTray, Menu, Notification: StandInNotification, trays, notifications };
}

export type StandInTray = InstanceType<ReturnType<typeof shellClasses>['Tray']>;
export type StandInNotification = InstanceType<ReturnType<typeof shellClasses>['Notification']>;
