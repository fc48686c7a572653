import type { IpcMain, IpcMainEvent, WebContents } from 'electron';
import { WIRE } from '../../common/channels';
import type { EventName, Events } from '../../common/ipc';
import { createEventEncoder } from './event-encoder';
import { isAllowedSender } from './register-ipc';

/** The part of a WebContents events go to. */
export type EventTarget = Pick<WebContents, 'send' | 'isDestroyed'>;

/**
 * Main's events to the popup, task lists as patches where they can be (see
 * WIRE in common/channels.ts). Nothing is encoded while there is no page to
 * send to, so what the encoder remembers is what the page has.
 */
export function createEventSender(target: () => EventTarget | undefined) {
  const encoder = createEventEncoder();
  return {
    send<E extends EventName>(event: E, payload: Events[E]): void {
      const contents = target();
      if (!contents || contents.isDestroyed()) return;
      const message = encoder.encode(event, payload);
      if (message) contents.send(message.channel, message.payload);
    },
    /** A page that starts says hello: its next list goes whole. Only our own top frame counts. */
    listenForHello(
      ipcMain: Pick<IpcMain, 'on' | 'removeListener'>,
      isTrusted: (frameUrl: string | undefined) => boolean,
    ): () => void {
      const onHello = (event: Pick<IpcMainEvent, 'senderFrame'>): void => {
        if (isAllowedSender(event.senderFrame, isTrusted)) encoder.reset();
      };
      ipcMain.on(WIRE.hello, onHello);
      return () => {
        ipcMain.removeListener(WIRE.hello, onHello);
      };
    },
  };
}
