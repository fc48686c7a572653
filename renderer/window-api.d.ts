import type { Api } from '../common/ipc';

// The preload exposes exactly this object (preload/bridge.ts); nothing else
// from Electron or Node is visible to the page.
declare global {
  interface Window {
    readonly api: Api;
  }
}

export {};
