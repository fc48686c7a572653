import { describe, expect, it } from 'vitest';
import { ShortcutSchema } from '../../common/shortcut';

describe('ShortcutSchema', () => {
  it.each([
    'CommandOrControl+Shift+T',
    'Control+Shift+Space',
    'Alt+Up',
    'CmdOrCtrl+Alt+F12',
    'Super+/',
    'Control+Shift+Plus',
    'Option+,',
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
});
