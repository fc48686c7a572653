// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUT, ShortcutSchema, shortcutProblem } from '../../../common/shortcut';
import { acceleratorFromKey, formatAccelerator } from '../../../renderer/lib/accelerator';
import type { KeyPress } from '../../../renderer/lib/accelerator';

const press = (code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: code,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('acceleratorFromKey', () => {
  it('writes the primary modifier portably on every platform', () => {
    expect(acceleratorFromKey(press('KeyT', { ctrlKey: true, shiftKey: true }), false)).toBe(
      'CommandOrControl+Shift+T',
    );
    expect(acceleratorFromKey(press('KeyT', { metaKey: true, shiftKey: true }), true)).toBe(
      'CommandOrControl+Shift+T',
    );
  });

  it('uses the physical key, so Alt+letter on a Mac (which types ∂ and the like) still works', () => {
    expect(
      acceleratorFromKey({ ...press('KeyD', { altKey: true, metaKey: true }), key: '∂' }, true),
    ).toBe('CommandOrControl+Alt+D');
  });

  it('always asks for a modifier, even with an F-key', () => {
    expect(acceleratorFromKey(press('F9'), false)).toBeNull();
    expect(acceleratorFromKey(press('KeyA'), false)).toBeNull();
    expect(acceleratorFromKey(press('KeyA', { shiftKey: true }), false)).toBe('Shift+A');
    expect(acceleratorFromKey(press('F9', { altKey: true }), false)).toBe('Alt+F9');
  });

  it('names space, arrows and punctuation as Electron does', () => {
    expect(acceleratorFromKey(press('Space', { ctrlKey: true }), false)).toBe(
      'CommandOrControl+Space',
    );
    expect(acceleratorFromKey(press('ArrowUp', { altKey: true }), false)).toBe('Alt+Up');
    expect(acceleratorFromKey(press('Slash', { ctrlKey: true, shiftKey: true }), false)).toBe(
      'CommandOrControl+Shift+/',
    );
  });

  it('waits while only modifiers are held, and ignores keys it cannot name', () => {
    expect(acceleratorFromKey(press('ShiftLeft', { shiftKey: true }), false)).toBeNull();
    expect(acceleratorFromKey(press('NumpadEnter', { ctrlKey: true }), false)).toBeNull();
  });

  it('produces only what main accepts as a shortcut', () => {
    const made = [
      acceleratorFromKey(press('Digit5', { ctrlKey: true, altKey: true }), false),
      acceleratorFromKey(press('KeyK', { ctrlKey: true, metaKey: true }), false),
      acceleratorFromKey(press('F12', { ctrlKey: true }), true),
      acceleratorFromKey(press('Space', { ctrlKey: true, shiftKey: true }), false),
      acceleratorFromKey(press('Backslash', { ctrlKey: true, altKey: true }), false),
      acceleratorFromKey(press('Quote', { ctrlKey: true, altKey: true }), false),
      acceleratorFromKey(press('ArrowUp', { altKey: true }), false),
      acceleratorFromKey(press('ArrowLeft', { metaKey: true }), true),
    ];
    for (const a of made) expect(ShortcutSchema.safeParse(a).success, String(a)).toBe(true);
  });
});

describe('formatAccelerator: as the OS writes shortcuts', () => {
  it('the default, on a Mac and elsewhere', () => {
    expect(formatAccelerator(DEFAULT_SHORTCUT, true)).toBe('⌥⇧⌘T');
    expect(formatAccelerator(DEFAULT_SHORTCUT, false)).toBe('Ctrl+Alt+Shift+T');
  });

  it('Control on a Mac is ⌃, first in the Mac’s order; Super stays Super elsewhere', () => {
    expect(formatAccelerator('CommandOrControl+Control+Shift+K', true)).toBe('⌃⇧⌘K');
    expect(formatAccelerator('Super+Alt+F5', false)).toBe('Super+Alt+F5');
    expect(formatAccelerator('CommandOrControl+Plus', false)).toBe('Ctrl+Plus');
  });
});

describe('the default shortcut', () => {
  it('is accepted, and takes nothing common on any of the three OSes', () => {
    expect(shortcutProblem(DEFAULT_SHORTCUT)).toBeNull();
    expect(DEFAULT_SHORTCUT).not.toBe('CommandOrControl+Shift+T');
  });

  it('a chosen one known to collide is refused with what it would take, in words', () => {
    expect(shortcutProblem('CommandOrControl+Shift+T')).toMatch(/reopen|closed tab/i);
    expect(shortcutProblem('Control+Alt+T')).toMatch(/terminal/i);
  });
});
