import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { contract } from '../../common/ipc';
import type { EventName, Events, MethodName } from '../../common/ipc';
import { appError, err } from '../../common/result';
import type { Dispatch } from './dispatcher';

/** Electron adapter: every contract channel goes through the sender check, then the dispatcher. */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrusted: (frameUrl: string | undefined) => boolean,
): () => void {
  const channels = (Object.keys(contract) as MethodName[]).map((name) => contract[name].channel);
  for (const channel of channels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      // Only the top frame of our own page: never a subframe, never another origin.
      if (!frame || frame.parent !== null || !isTrusted(frame.url)) {
        return err(appError('bad_input', 'This request did not come from Task Tray.'));
      }
      return dispatch(channel, input);
    });
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}

export function sendEvent<E extends EventName>(
  contents: WebContents | undefined,
  event: E,
  payload: Events[E],
): void {
  if (contents && !contents.isDestroyed()) contents.send(event, payload);
}
