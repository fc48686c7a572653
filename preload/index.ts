import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { WIRE } from '../common/channels';
import { createBridge } from './bridge';

// The renderer gets window.api and nothing else: no ipcRenderer, no process,
// and listeners receive the payload only, never the IPC event (whose sender
// would be a handle back into Electron).
const api = createBridge({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe: (channel, listener) => {
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
  hello: () => ipcRenderer.send(WIRE.hello),
  pathForFile: (file) => webUtils.getPathForFile(file),
});

contextBridge.exposeInMainWorld('api', api);
