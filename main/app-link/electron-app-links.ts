/**
 * Electron adapter for tasktray:// links: passes the real `app` and process to
 * wireAppLinks. Call once at startup, after app.requestSingleInstanceLock() succeeded
 * and before 'ready' (macOS delivers the launching link as an early 'open-url').
 */
import { app } from 'electron';
import type { AppLinkListener, AppLinkWiring } from './app-link-wiring';
import { wireAppLinks } from './app-link-wiring';

export function registerAppLinks(onLink: AppLinkListener): AppLinkWiring {
  return wireAppLinks(
    app,
    { argv: process.argv, execPath: process.execPath, defaultApp: process.defaultApp === true },
    onLink,
  );
}
