import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { createBridge } from './bridge';

// The renderer gets window.api and nothing else: no ipcRenderer, no process,
// and listeners receive the payload only, never the IPC event (whose sender
// would be a handle back into Electron).
const api = createBridge(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (event, listener) => {
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
);

contextBridge.exposeInMainWorld('api', api);
