/**
 * Electron adapter for tasktray:// links: passes the real `app` and process to
 * wireAppLinks. Call once at startup, after app.requestSingleInstanceLock() succeeded
 * and before 'ready' (macOS delivers the launching link as an early 'open-url').
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import type { AppLinkListener, AppLinkWiring } from './app-link-wiring';
import { wireAppLinks } from './app-link-wiring';
import {
  DESKTOP_FILE_NAME,
  appImageDesktopEntry,
  appImageFile,
  userApplicationsDir,
} from './appimage-desktop-entry';

export function registerAppLinks(onLink: AppLinkListener): AppLinkWiring {
  const appImage = appImageFile(process.platform, process.env);
  const entryWritten = appImage === null || writeAppImageEntry(appImage);
  const wiring = wireAppLinks(
    app,
    {
      platform: process.platform,
      argv: process.argv,
      execPath: process.execPath,
      defaultApp: process.defaultApp === true,
      env: process.env,
    },
    onLink,
  );
  return { registered: wiring.registered && entryWritten };
}

/**
 * Writes the AppImage's desktop entry (a few hundred bytes, synchronously: links must be
 * wired before 'ready'), only when it differs, so a moved AppImage is followed.
 */
function writeAppImageEntry(appImage: string): boolean {
  const dir = userApplicationsDir(process.env, homedir());
  const file = join(dir, DESKTOP_FILE_NAME);
  const entry = appImageDesktopEntry(appImage);
  try {
    if (readFileSync(file, 'utf8') === entry) return true;
  } catch {
    // Not there yet.
  }
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, entry, { mode: 0o644 });
    return true;
  } catch (error) {
    console.warn(
      `Task Tray could not write ${file} for tasktray:// links:`,
      error instanceof Error ? error.message : error,
    );
    return false;
  }
}
