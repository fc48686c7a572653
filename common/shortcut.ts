import { z } from 'zod';

const MODIFIERS = new Set([
  'CommandOrControl',
  'CmdOrCtrl',
  'Command',
  'Cmd',
  'Control',
  'Ctrl',
  'Alt',
  'Option',
  'AltGr',
  'Shift',
  'Super',
  'Meta',
]);
const NAMED_KEYS = new Set([
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Escape',
  'Esc',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Plus',
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
]);
// Electron names "+" Plus, since "+" joins the parts.
const isKey = (k: string): boolean =>
  NAMED_KEYS.has(k) || /^[A-Za-z0-9)!@#$%^&*(:;<,_\-.>?/~`{\][|\\}"'=]$/.test(k);

/**
 * An accelerator as Electron takes it: one or more modifiers, then one key.
 * A global shortcut with no modifier would take a plain key from every app.
 */
export const ShortcutSchema = z
  .string()
  .max(100)
  .refine((text) => {
    const parts = text.split('+');
    const key = parts.pop() ?? '';
    return parts.length > 0 && parts.every((m) => MODIFIERS.has(m)) && isKey(key);
  }, 'A shortcut is one or more modifiers and a key, like CommandOrControl+Shift+T.');
