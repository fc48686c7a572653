import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUT, ShortcutSchema } from '../../common/shortcut';

describe('ShortcutSchema', () => {
  it.each([
    DEFAULT_SHORTCUT,
    'CommandOrControl+Alt+Shift+K',
    'Control+Shift+Space',
    'Alt+Up',
    'CmdOrCtrl+Alt+F12',
    'Super+/',
    'Control+Shift+Plus',
    'Option+F5',
  ])('accepts %s', (accelerator) => {
    expect(ShortcutSchema.safeParse(accelerator).success).toBe(true);
  });

  it.each([
    ['T', 'a plain key would be taken from every app'],
    ['Shift+', 'no key'],
    ['Control+Shift+Tee', 'not a key'],
    ['Hyper+T', 'not a modifier'],
    ['CommandOrControl+Shift+F25', 'no such function key'],
    ['rm -rf /', 'not an accelerator'],
    ['', 'empty'],
  ])('refuses %s (%s)', (accelerator) => {
    const parsed = ShortcutSchema.safeParse(accelerator);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/modifiers and a key/);
  });

  it.each([
    ['Shift+E', /needs Ctrl, Cmd, Alt or Super/],
    ['Shift+AltGr+Q', /needs Ctrl, Cmd, Alt or Super/],
    ['Alt+E', /types characters on a Mac/],
    ['Option+Shift+,', /types characters on a Mac/],
    ['CommandOrControl+C', /“copy” on macOS, Windows and Linux/],
    ['CmdOrCtrl+V', /“paste” on macOS, Windows and Linux/],
    ['Control+C', /“copy” on Windows and Linux/],
    ['CommandOrControl+Shift+T', /reopen a browser's closed tab/],
    ['Shift+CommandOrControl+t', /reopen a browser's closed tab/],
    ['Command+Space', /“Spotlight” on macOS/],
    ['Alt+Tab', /“switch windows” on Windows and Linux/],
    ['Alt+F4', /close window/],
    ['Control+Alt+Delete', /security screen/],
    ['Ctrl+Alt+T', /terminal on Ubuntu/],
    ['Super+L', /lock screen/],
    ['Control+Esc', /Start menu/],
  ])('refuses %s, which would take keys from every app, and says why', (accelerator, why) => {
    const parsed = ShortcutSchema.safeParse(accelerator);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(why);
  });
});
