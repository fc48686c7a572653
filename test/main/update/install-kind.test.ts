import { describe, expect, it } from 'vitest';
import { decideInstallKind, updaterSettings } from '../../../main/update/install-kind';
import type { InstallFacts, InstallKind } from '../../../main/update/install-kind';

const packaged = (over: Partial<InstallFacts>): InstallFacts => ({
  platform: 'linux',
  isPackaged: true,
  env: {},
  packageType: null,
  macSignature: 'unknown',
  execPath: '/opt/Task Tray/task-tray',
  ...over,
});

/** Facts as the AppImage runtime leaves them: the executable inside the mounted image. */
const appImage = (over: Partial<InstallFacts>): Partial<InstallFacts> => ({
  env: { APPIMAGE: '/home/ana/Apps/Task-Tray-0.1.0.AppImage', APPDIR: '/tmp/.mount_TaskTrq1' },
  execPath: '/tmp/.mount_TaskTrq1/task-tray',
  ...over,
});

describe('how this copy updates, from how it was installed', () => {
  it.each<[string, Partial<InstallFacts>, InstallKind]>([
    ['AppImage: replaces its own file', appImage({}), { how: 'self', via: 'appimage' }],
    [
      // The .deb and .rpm targets write package-type into the folder the AppImage is made from.
      'AppImage whose resources hold a package-type file: still replaces its own file',
      appImage({ packageType: 'deb\n' }),
      { how: 'self', via: 'appimage' },
    ],
    [
      '.deb: told where to get the new one',
      { packageType: 'deb\n' },
      { how: 'manual', reason: 'deb' },
    ],
    [
      '.rpm: told where to get the new one',
      { packageType: 'rpm' },
      { how: 'manual', reason: 'rpm' },
    ],
    [
      // Started from an AppImage'd terminal: its APPIMAGE and APPDIR are inherited.
      '.deb started with APPIMAGE set in the environment: still a .deb',
      {
        packageType: 'deb',
        env: { APPIMAGE: '/tmp/x.AppImage', APPDIR: '/tmp/.mount_xAbc12' },
      },
      { how: 'manual', reason: 'deb' },
    ],
    [
      'Snap: the store updates it',
      { env: { SNAP: '/snap/task-tray/3' } },
      { how: 'none', reason: 'snap' },
    ],
    ['an unpacked folder: nothing to replace', {}, { how: 'none', reason: 'unmanaged' }],
    ['Windows installer', { platform: 'win32' }, { how: 'self', via: 'nsis' }],
    [
      'Windows portable .exe: would get an installed copy beside it, so by hand',
      { platform: 'win32', env: { PORTABLE_EXECUTABLE_FILE: 'D:\\Task Tray.exe' } },
      { how: 'manual', reason: 'portable' },
    ],
    [
      'macOS with a Developer ID signature',
      { platform: 'darwin', macSignature: 'signed' },
      { how: 'self', via: 'mac' },
    ],
    [
      'macOS ad-hoc signed (our build without a certificate)',
      { platform: 'darwin', macSignature: 'ad-hoc' },
      { how: 'manual', reason: 'unsigned-mac' },
    ],
    [
      'macOS not signed at all',
      { platform: 'darwin', macSignature: 'unsigned' },
      { how: 'manual', reason: 'unsigned-mac' },
    ],
    [
      'macOS when codesign could not tell: try, and read the error',
      { platform: 'darwin', macSignature: 'unknown' },
      { how: 'self', via: 'mac' },
    ],
  ])('%s', (_name, facts, expected) => {
    expect(decideInstallKind(packaged(facts))).toEqual(expected);
  });

  it('never checks in a development run, whatever the platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(
        decideInstallKind(
          packaged({ platform, isPackaged: false, env: { APPIMAGE: '/a.AppImage' } }),
        ),
      ).toEqual({ how: 'none', reason: 'unpackaged' });
    }
  });

  it('downloads and installs at quit only where the copy can replace itself', () => {
    expect(updaterSettings({ how: 'self', via: 'appimage' })).toEqual({
      autoDownload: true,
      autoInstallOnAppQuit: true,
    });
    for (const install of [
      { how: 'manual', reason: 'deb' },
      { how: 'manual', reason: 'rpm' },
      { how: 'manual', reason: 'portable' },
      { how: 'manual', reason: 'unsigned-mac' },
      { how: 'none', reason: 'unpackaged' },
    ] as const) {
      expect({ install, ...updaterSettings(install) }).toEqual({
        install,
        autoDownload: false,
        autoInstallOnAppQuit: false,
      });
    }
  });
});
