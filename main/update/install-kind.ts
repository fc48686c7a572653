/**
 * How this copy of Task Tray was installed, and so whether it can replace
 * itself. Decided once at start from facts the Electron adapter gathers.
 */

/** What `codesign --display` says about the running app bundle (mac-signature.ts). */
export type MacSignature = 'signed' | 'ad-hoc' | 'unsigned' | 'unknown';

export type InstallKind =
  /** Downloads in the background and installs on "Restart to update" (or at quit). */
  | { readonly how: 'self'; readonly via: 'nsis' | 'mac' | 'appimage' }
  /** A new version is announced with the page to get it from; nothing is downloaded. */
  | { readonly how: 'manual'; readonly reason: ManualReason }
  /** No checks at all. */
  | { readonly how: 'none'; readonly reason: 'unpackaged' | 'snap' | 'unmanaged' };

export type ManualReason = 'deb' | 'rpm' | 'pacman' | 'portable' | 'unsigned-mac';

export interface InstallFacts {
  readonly platform: NodeJS.Platform;
  /** Electron's app.isPackaged: false under `npm start`. */
  readonly isPackaged: boolean;
  readonly env: {
    readonly APPIMAGE?: string | undefined;
    readonly SNAP?: string | undefined;
    readonly PORTABLE_EXECUTABLE_FILE?: string | undefined;
    /** Where the AppImage runtime mounted the image this process runs from. */
    readonly APPDIR?: string | undefined;
  };
  /** process.execPath: the running executable. */
  readonly execPath: string;
  /**
   * resources/package-type, which electron-builder writes for .deb, .rpm and
   * pacman packages (null when the file is not there). It can also be inside an
   * AppImage: those targets write it into the linux-unpacked folder the AppImage
   * target copies (app-builder-lib targets/FpmTarget.js), so it never outranks
   * a running AppImage.
   */
  readonly packageType: string | null;
  /** macOS only; anything for other platforms. */
  readonly macSignature: MacSignature;
}

const PACKAGE_TYPES: ReadonlySet<string> = new Set(['deb', 'rpm', 'pacman']);

export function decideInstallKind(facts: InstallFacts): InstallKind {
  // No app-update.yml outside a package, and a developer's build is ahead of any release.
  if (!facts.isPackaged) return { how: 'none', reason: 'unpackaged' };
  switch (facts.platform) {
    case 'win32':
      // The portable .exe unpacks itself to a temporary folder each start; the NSIS
      // installer electron-updater would run would install a second, different copy.
      return facts.env.PORTABLE_EXECUTABLE_FILE
        ? { how: 'manual', reason: 'portable' }
        : { how: 'self', via: 'nsis' };
    case 'darwin':
      // Squirrel.Mac takes an update only when it carries the running app's Developer ID
      // signature. Ad-hoc signatures (our unsigned builds) never match: it downloads, then
      // fails at install time. When codesign could not tell, try, and read the error.
      return facts.macSignature === 'ad-hoc' || facts.macSignature === 'unsigned'
        ? { how: 'manual', reason: 'unsigned-mac' }
        : { how: 'self', via: 'mac' };
    case 'linux': {
      // An AppImage first: whatever package-type its resources hold, it can only replace its file.
      if (runsFromAppImage(facts)) return { how: 'self', via: 'appimage' };
      const type = facts.packageType?.trim() ?? '';
      if (PACKAGE_TYPES.has(type)) return { how: 'manual', reason: type as ManualReason };
      // The Snap store updates snaps; an unpacked folder has nothing to replace.
      return { how: 'none', reason: facts.env.SNAP ? 'snap' : 'unmanaged' };
    }
    default:
      return { how: 'none', reason: 'unmanaged' };
  }
}

/**
 * The AppImage runtime sets APPIMAGE (the image's file) and APPDIR (its mount point)
 * for itself and every process it starts: a .deb copy started from an AppImage'd
 * terminal inherits both, but its executable is not inside the mount.
 */
function runsFromAppImage(facts: InstallFacts): boolean {
  const { APPIMAGE, APPDIR } = facts.env;
  if (!APPIMAGE || !APPDIR) return false;
  const mount = APPDIR.endsWith('/') ? APPDIR : `${APPDIR}/`;
  return facts.execPath.startsWith(mount);
}

/** How electron-updater is set up for an install kind. */
export interface UpdaterSettings {
  readonly autoDownload: boolean;
  readonly autoInstallOnAppQuit: boolean;
}

export function updaterSettings(install: InstallKind): UpdaterSettings {
  // Installing at quit is the person's own quit; the outbox keeps waiting changes
  // on disk, and they go out after the next start.
  const self = install.how === 'self';
  return { autoDownload: self, autoInstallOnAppQuit: self };
}
