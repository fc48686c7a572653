import type { MacSignature } from './install-kind';

/**
 * What `codesign --display --verbose=2 <App.app>` printed (it writes to stderr)
 * says about the bundle's signature. Squirrel.Mac installs an update only when
 * it satisfies the running app's designated requirement: a Developer ID
 * signature does, an ad-hoc one (pinned to one build's hash) never can.
 */
export function macSignatureFromCodesign(output: string): MacSignature {
  if (/code object is not signed at all/i.test(output)) return 'unsigned';
  if (
    /^Signature=adhoc\b/m.test(output) ||
    /^CodeDirectory .*flags=0x[0-9a-f]+\([^)]*\badhoc\b/m.test(output)
  ) {
    return 'ad-hoc';
  }
  const team = /^TeamIdentifier=(.+)$/m.exec(output)?.[1]?.trim();
  if (team && team !== 'not set' && /^Authority=/m.test(output)) return 'signed';
  return 'unknown';
}

/** The .app folder around the running executable (…/Task Tray.app/Contents/MacOS/Task Tray). */
export function macBundlePath(execPath: string): string | null {
  const at = execPath.lastIndexOf('.app/Contents/MacOS/');
  return at < 0 ? null : execPath.slice(0, at + '.app'.length);
}
