// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ShortcutSchema } from '../../../common/views';
import { acceleratorFromKey } from '../../../renderer/lib/accelerator';
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

  it('allows a bare F-key but no bare letter', () => {
    expect(acceleratorFromKey(press('F9'), false)).toBe('F9');
    expect(acceleratorFromKey(press('KeyA'), false)).toBeNull();
    expect(acceleratorFromKey(press('KeyA', { shiftKey: true }), false)).toBe('Shift+A');
  });

  it('waits while only modifiers are held, and ignores keys Electron would not take', () => {
    expect(acceleratorFromKey(press('ShiftLeft', { shiftKey: true }), false)).toBeNull();
    expect(acceleratorFromKey(press('Space', { ctrlKey: true }), false)).toBeNull();
  });

  it('produces only what main accepts as a shortcut', () => {
    const made = [
      acceleratorFromKey(press('Digit5', { ctrlKey: true, altKey: true }), false),
      acceleratorFromKey(press('KeyK', { ctrlKey: true, metaKey: true }), false),
      acceleratorFromKey(press('F12', { ctrlKey: true }), true),
    ];
    for (const a of made) expect(ShortcutSchema.safeParse(a).success, String(a)).toBe(true);
  });
});
