import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHORTCUT,
  canonicalAccelerator,
  createShortcutManager,
} from '../../../main/shortcut/shortcut-manager';
import { osRegistry } from '../../helpers/os-shortcuts';
import { failure, unwrap } from '../../helpers/result';

describe('createShortcutManager', () => {
  it('registers the shortcut, and pressing it opens the popup', () => {
    const os = osRegistry();
    let opened = 0;
    const manager = createShortcutManager(os.registry, () => opened++);
    expect(unwrap(manager.apply(DEFAULT_SHORTCUT))).toBe(DEFAULT_SHORTCUT);
    os.press(DEFAULT_SHORTCUT);
    expect(opened).toBe(1);
    expect(manager.current()).toBe(DEFAULT_SHORTCUT);
  });

  it('moves to a new shortcut and releases the old one', () => {
    const os = osRegistry();
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply(DEFAULT_SHORTCUT);
    expect(unwrap(manager.apply('CommandOrControl+Alt+K'))).toBe('CommandOrControl+Alt+K');
    expect([...os.held.keys()]).toEqual([canonicalAccelerator('CommandOrControl+Alt+K')]);
  });

  it('keeps the previous shortcut when the new one is in use by another app, and says so', () => {
    const os = osRegistry(['Control+Shift+K']);
    let opened = 0;
    const manager = createShortcutManager(os.registry, () => opened++);
    manager.apply(DEFAULT_SHORTCUT);
    const error = failure(manager.apply('Control+Shift+K'));
    expect(error.kind).toBe('bad_input');
    expect(error.message).toBe(
      `Control+Shift+K is in use by another app; kept ${DEFAULT_SHORTCUT}.`,
    );
    expect(manager.current()).toBe(DEFAULT_SHORTCUT);
    os.press(DEFAULT_SHORTCUT);
    expect(opened).toBe(1);
  });

  it('says there is no shortcut when the very first one is refused', () => {
    const manager = createShortcutManager(osRegistry([DEFAULT_SHORTCUT]).registry, () => undefined);
    expect(failure(manager.apply(DEFAULT_SHORTCUT)).message).toBe(
      `${DEFAULT_SHORTCUT} is in use by another app; no shortcut is set.`,
    );
    expect(manager.current()).toBeNull();
  });

  it('remembers the last refusal until a shortcut is accepted', () => {
    const os = osRegistry([DEFAULT_SHORTCUT]);
    const manager = createShortcutManager(os.registry, () => undefined);
    expect(manager.refusal()).toBeNull();
    manager.apply(DEFAULT_SHORTCUT);
    expect(manager.refusal()).toEqual({
      accelerator: DEFAULT_SHORTCUT,
      message: `${DEFAULT_SHORTCUT} is in use by another app; no shortcut is set.`,
    });
    unwrap(manager.apply('CommandOrControl+Alt+K'));
    expect(manager.refusal()).toBeNull();
  });

  it('keeps the previous shortcut when the platform rejects the combination', () => {
    const os = osRegistry([], ['Super+F13']);
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply(DEFAULT_SHORTCUT);
    expect(failure(manager.apply('Super+F13')).message).toBe(
      `Super+F13 cannot be used as a shortcut on this system; kept ${DEFAULT_SHORTCUT}.`,
    );
    expect(manager.current()).toBe(DEFAULT_SHORTCUT);
  });

  it('refuses text that is not a shortcut before touching the OS', () => {
    const os = osRegistry();
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply(DEFAULT_SHORTCUT);
    for (const bad of ['T', 'Shift+', 'Ctrl+Shift+TT', 'Hyper+T', '', 'x'.repeat(500)]) {
      const error = failure(manager.apply(bad));
      expect(error.kind).toBe('bad_input');
      expect(error.message).toMatch(/^A shortcut is .*kept CommandOrControl\+Alt\+Shift\+T\.$/);
      expect(error.message.length).toBeLessThan(200);
    }
    expect([...os.held.keys()]).toEqual([canonicalAccelerator(DEFAULT_SHORTCUT)]);
  });

  it('refuses a chord every app uses before touching the OS, saying what it is', () => {
    const os = osRegistry();
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply(DEFAULT_SHORTCUT);
    expect(failure(manager.apply('CommandOrControl+C')).message).toBe(
      `CommandOrControl+C already means “copy” on macOS, Windows and Linux: a global shortcut would take it from every app. Choose another; kept ${DEFAULT_SHORTCUT}.`,
    );
    expect(failure(manager.apply('Shift+E')).message).toMatch(/needs Ctrl, Cmd, Alt or Super/);
    expect([...os.held.keys()]).toEqual([canonicalAccelerator(DEFAULT_SHORTCUT)]);
  });

  it('treats another spelling of the same keys as no change (re-registering would fail)', () => {
    const os = osRegistry();
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply('CommandOrControl+Alt+Shift+T');
    expect(unwrap(manager.apply('Shift+Alt+CmdOrCtrl+T'))).toBe('CommandOrControl+Alt+Shift+T');
    expect(os.held.size).toBe(1);
  });

  it('releases the shortcut on dispose', () => {
    const os = osRegistry();
    const manager = createShortcutManager(os.registry, () => undefined);
    manager.apply(DEFAULT_SHORTCUT);
    manager.dispose();
    expect(os.held.size).toBe(0);
    expect(manager.current()).toBeNull();
  });
});
