import { describe, expect, it } from 'vitest';
import { keychainUnavailable, safeReason } from '../../../main/secrets/keychain-messages';

const secret = 'comp_5f1e0c2d9a8b7c6d5e4f3a2b1c0d9e8f';

describe('the keychain_unavailable message', () => {
  it.each([
    ['linux', ['gnome-keyring', 'KWallet', 'libsecret', 'D-Bus session', 'unlock']],
    ['freebsd', ['gnome-keyring', 'KWallet', 'D-Bus session']],
    ['darwin', ['macOS Keychain', 'Keychain Access', 'unlock', 'Always Allow']],
    ['win32', ['Windows Credential Manager', 'Control Panel']],
  ] as const)('on %s names the keychain and the fix', (platform, phrases) => {
    const e = keychainUnavailable(platform, 'save', new Error('The name is not activatable'));
    expect(e.kind).toBe('keychain_unavailable');
    for (const p of phrases) expect(e.message).toContain(p);
    expect(e.message).toContain('The name is not activatable');
  });

  it('says what was being done and what it means', () => {
    const cause = new Error('x');
    expect(keychainUnavailable('linux', 'save', cause).message).toMatch(
      /could not save the key.*not stored anywhere else/,
    );
    expect(keychainUnavailable('linux', 'read', cause).message).toMatch(/could not read the key/);
    expect(keychainUnavailable('linux', 'remove', cause).message).toMatch(
      /could not remove the key.*may still be in the keychain/,
    );
  });

  it('never repeats the secret, even when the OS reason echoes it', () => {
    const cause = new Error(`Failed to store "${secret}" (again: ${secret})`);
    const e = keychainUnavailable('linux', 'save', cause, secret);
    expect(e.message).not.toContain(secret);
    expect(e.message).toContain('Failed to store "[secret]"');
  });

  it('keeps an odd OS reason readable: one line, bounded, never empty', () => {
    expect(safeReason(new Error('line one\nline two\u0007.'))).toBe('line one line two');
    expect(safeReason(new Error('x'.repeat(5000))).length).toBeLessThanOrEqual(201);
    expect(safeReason(undefined)).toBe('no reason given');
    expect(safeReason('plain text reason')).toBe('plain text reason');
  });
});
