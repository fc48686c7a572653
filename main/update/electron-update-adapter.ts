/**
 * Electron adapter for updates: finds out how this copy was installed, sets up
 * electron-updater's autoUpdater for it (feed: resources/app-update.yml, which
 * electron-builder writes from electron-builder.yml's `publish`), and hands its
 * events to the update controller. Call after app 'ready'. No secrets: the
 * feed is a public GitHub repository, read without a token.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app } from 'electron';
import type { AppUpdater } from 'electron-updater';
import type { Logger } from '../log/logger';
import { decideInstallKind, updaterSettings } from './install-kind';
import type { InstallFacts, InstallKind, MacSignature } from './install-kind';
import { macBundlePath, macSignatureFromCodesign } from './mac-signature';
import { cleanVersion } from './release-page';
import { createUpdateController } from './update-controller';
import type { UpdateController, UpdateControllerDeps, UpdaterPort } from './update-controller';
import { classifyUpdateError, updateErrorLogLine } from './update-error';
import type { UpdaterEvent } from './update-state';

export type ElectronUpdatesDeps = Omit<UpdateControllerDeps, 'port' | 'install'> & {
  /** The AppImage updater put the new version in a file of another name (the old one is gone). */
  readonly onAppImageRenamed?: (newPath: string) => void;
};

/** Sets up the updater for this copy of the app and starts its schedule. */
export async function startElectronUpdates(deps: ElectronUpdatesDeps): Promise<UpdateController> {
  const install = decideInstallKind(await installFacts(deps.log));
  deps.log.info(`update: install kind ${JSON.stringify(install)}`);
  const port =
    install.how === 'none'
      ? silentPort
      : await electronUpdaterPort(install, deps.log, deps.onAppImageRenamed);
  return createUpdateController({ ...deps, install, port });
}

async function installFacts(log: Logger): Promise<InstallFacts> {
  const { platform, env } = process;
  const isPackaged = app.isPackaged;
  return {
    platform,
    isPackaged,
    env: {
      APPIMAGE: env.APPIMAGE,
      SNAP: env.SNAP,
      PORTABLE_EXECUTABLE_FILE: env.PORTABLE_EXECUTABLE_FILE,
      APPDIR: env.APPDIR,
    },
    execPath: process.execPath,
    packageType:
      platform === 'linux' && isPackaged
        ? await readFile(join(process.resourcesPath, 'package-type'), 'utf8').catch(() => null)
        : null,
    macSignature: platform === 'darwin' && isPackaged ? await macSignature(log) : 'unknown',
  };
}

/** The running bundle's signature, from codesign (on every Mac); 'unknown' when it cannot tell. */
function macSignature(log: Logger): Promise<MacSignature> {
  const bundle = macBundlePath(process.execPath);
  if (bundle === null) return Promise.resolve('unknown');
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/codesign',
      ['--display', '--verbose=2', bundle],
      { timeout: 10_000 },
      (error, stdout, stderr) => {
        // An unsigned bundle makes codesign exit 1, saying so on stderr: still an answer.
        const signature = macSignatureFromCodesign(`${stderr}\n${stdout}`);
        if (error && signature === 'unknown') log.warn('update: codesign could not tell', error);
        resolve(signature);
      },
    );
  });
}

/** Where nothing is checked: the controller still gets a port, one that never reports. */
const silentPort: UpdaterPort = {
  check: () => Promise.resolve(),
  quitAndInstall: () => undefined,
  subscribe: () => () => undefined,
};

async function electronUpdaterPort(
  install: InstallKind,
  log: Logger,
  onAppImageRenamed?: (newPath: string) => void,
): Promise<UpdaterPort> {
  // Loaded only where updates are checked: a development run never pays for it.
  const updaterModule = await import('electron-updater');
  // electron-updater's own pick (autoUpdater, made on first read) takes resources/package-type
  // before APPIMAGE, and an AppImage can carry that file (install-kind.ts): an AppImage gets
  // its updater by name, and autoUpdater is never read there.
  const updater: AppUpdater =
    install.how === 'self' && install.via === 'appimage'
      ? new updaterModule.AppImageUpdater()
      : updaterModule.autoUpdater;
  updater.on('appimage-filename-updated', (path: string) => onAppImageRenamed?.(path));
  const settings = updaterSettings(install);
  updater.autoDownload = settings.autoDownload;
  updater.autoInstallOnAppQuit = settings.autoInstallOnAppQuit;
  // We publish full installers only; a web installer's parts would go unverified.
  updater.disableWebInstaller = true;
  // Its messages carry stacks and HTTP headers: one short line each in our log.
  updater.logger = {
    info: (m?: unknown) => log.info(`electron-updater: ${updateErrorLogLine(m)}`),
    warn: (m?: unknown) => log.warn(`electron-updater: ${updateErrorLogLine(m)}`),
    error: (m?: unknown) => log.error(`electron-updater: ${updateErrorLogLine(m)}`),
  };
  return {
    async check() {
      try {
        const result = await updater.checkForUpdates();
        // Its failure is reported as an 'error' event too; left alone it would be an unhandled rejection.
        result?.downloadPromise?.catch(() => undefined);
      } catch {
        // Reported as an 'error' event before the rejection.
      }
    },
    quitAndInstall() {
      // Silent: the per-user NSIS installer needs no questions to put the new version where
      // the old one is; force-run: the app comes back (macOS and AppImage relaunch anyway).
      updater.quitAndInstall(true, true);
    },
    subscribe(listener) {
      return subscribeToUpdater(updater, listener, log);
    },
  };
}

function subscribeToUpdater(
  updater: AppUpdater,
  listener: (event: UpdaterEvent) => void,
  log: Logger,
): () => void {
  const checking = () => listener({ type: 'checking' });
  const notAvailable = () => listener({ type: 'not-available' });
  const available = (info: { version: string }) =>
    listener({ type: 'available', version: cleanVersion(info.version) });
  const progress = (info: { percent: number }) =>
    listener({ type: 'progress', percent: info.percent });
  const downloaded = (info: { version: string }) =>
    listener({ type: 'downloaded', version: cleanVersion(info.version) });
  const cancelled = () => listener({ type: 'cancelled' });
  const failed = (error: Error) => {
    log.warn(`update: ${updateErrorLogLine(error)}`);
    listener({ type: 'error', problem: classifyUpdateError(error) });
  };
  updater.on('checking-for-update', checking);
  updater.on('update-not-available', notAvailable);
  updater.on('update-available', available);
  updater.on('download-progress', progress);
  updater.on('update-downloaded', downloaded);
  updater.on('update-cancelled', cancelled);
  updater.on('error', failed);
  return () => {
    updater.off('checking-for-update', checking);
    updater.off('update-not-available', notAvailable);
    updater.off('update-available', available);
    updater.off('download-progress', progress);
    updater.off('update-downloaded', downloaded);
    updater.off('update-cancelled', cancelled);
    updater.off('error', failed);
  };
}
