import { describe, expect, it } from 'vitest';
import { macBundlePath, macSignatureFromCodesign } from '../../../main/update/mac-signature';

// What `codesign --display --verbose=2` prints for each kind of bundle (abridged).
const DEVELOPER_ID = `Executable=/Applications/Task Tray.app/Contents/MacOS/Task Tray
Identifier=com.tasktray.app
Format=app bundle with Mach-O universal (x86_64 arm64)
CodeDirectory v=20500 size=1234 flags=0x10000(runtime) hashes=27+7 location=embedded
Signature size=9062
Authority=Developer ID Application: Task Tray Team (AB12CD34EF)
Authority=Developer ID Certification Authority
Authority=Apple Root CA
Timestamp=2 Mar 2026 at 09:00:00
Info.plist entries=30
TeamIdentifier=AB12CD34EF
Runtime Version=15.0.0
Sealed Resources version=2 rules=13 files=40
Internal requirements count=1 size=220`;

const AD_HOC = `Executable=/Applications/Task Tray.app/Contents/MacOS/Task Tray
Identifier=com.tasktray.app
Format=app bundle with Mach-O thin (arm64)
CodeDirectory v=20400 size=1000 flags=0x20002(adhoc,linker-signed) hashes=20+7 location=embedded
Signature=adhoc
Info.plist entries=30
TeamIdentifier=not set
Sealed Resources version=2 rules=13 files=40
Internal requirements count=0 size=12`;

const NOT_SIGNED = '/Applications/Task Tray.app: code object is not signed at all';

describe('reading the app bundle signature from codesign', () => {
  it('tells a Developer ID signature, the only one Squirrel.Mac updates', () => {
    expect(macSignatureFromCodesign(DEVELOPER_ID)).toBe('signed');
  });

  it('tells an ad-hoc signature (no certificate: pinned to this one build)', () => {
    expect(macSignatureFromCodesign(AD_HOC)).toBe('ad-hoc');
    // Only the CodeDirectory flags say so on some versions of codesign.
    expect(macSignatureFromCodesign(AD_HOC.replace('Signature=adhoc\n', ''))).toBe('ad-hoc');
  });

  it('tells a bundle with no signature at all', () => {
    expect(macSignatureFromCodesign(NOT_SIGNED)).toBe('unsigned');
  });

  it('says unknown when codesign said nothing useful', () => {
    expect(macSignatureFromCodesign('')).toBe('unknown');
    expect(macSignatureFromCodesign('codesign: command not found')).toBe('unknown');
    expect(macSignatureFromCodesign(DEVELOPER_ID.replace(/^Authority=.*$/gm, ''))).toBe('unknown');
  });

  it('finds the .app around the running executable', () => {
    expect(macBundlePath('/Applications/Task Tray.app/Contents/MacOS/Task Tray')).toBe(
      '/Applications/Task Tray.app',
    );
    expect(macBundlePath('/usr/local/bin/node')).toBeNull();
  });
});
