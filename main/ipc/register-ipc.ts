import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { contract } from '../../common/ipc';
import type { MethodName } from '../../common/ipc';
import { appError, err } from '../../common/result';
import type { Dispatch } from './dispatcher';

/** The part of a WebFrameMain the check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * Only the top frame of our own page may call main: never a subframe, never
 * another origin, never a request whose frame is already gone.
 */
export function isAllowedSender(
  frame: SenderFrame | null | undefined,
  isTrusted: (frameUrl: string | undefined) => boolean,
): boolean {
  return !!frame && frame.parent === null && isTrusted(frame.url);
}

type Handle = (event: Pick<IpcMainInvokeEvent, 'senderFrame'>, input: unknown) => unknown;

/** Electron adapter: every contract channel goes through the sender check, then the dispatcher. */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  isTrusted: (frameUrl: string | undefined) => boolean,
): () => void {
  const channels = (Object.keys(contract) as MethodName[]).map((name) => contract[name].channel);
  const handle: (channel: string) => Handle = (channel) => (event, input) =>
    isAllowedSender(event.senderFrame, isTrusted)
      ? dispatch(channel, input)
      : err(appError('bad_input', 'This request did not come from Task Tray.'));
  for (const channel of channels) ipcMain.handle(channel, handle(channel));
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}
