/**
 * Turns a key press into Electron accelerator text ("CommandOrControl+Shift+T"),
 * so a person sets the global shortcut by pressing it. Returns null until
 * the press has at least one modifier and a key Electron can name: a bare
 * key as a global shortcut would swallow that key in every app.
 */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

// Keys by their physical position (KeyboardEvent.code), named as Electron names them,
// so the shortcut does not depend on the layout or on what Alt+key types on a Mac.
const NAMED: Readonly<Record<string, string>> = {
  Space: 'Space',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Insert: 'Insert',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

function mainKey(code: string): string | null {
  let m = /^Key([A-Z])$/.exec(code);
  if (m) return m[1]!;
  m = /^Digit([0-9])$/.exec(code);
  if (m) return m[1]!;
  m = /^F([1-9]|1[0-9]|2[0-4])$/.exec(code);
  if (m) return `F${m[1]}`;
  return NAMED[code] ?? null;
}

export function acceleratorFromKey(e: KeyPress, isMac: boolean): string | null {
  const key = mainKey(e.code);
  if (!key) return null;
  const mods: string[] = [];
  // The platform's primary modifier is written portably, so the setting travels.
  if (isMac ? e.metaKey : e.ctrlKey) mods.push('CommandOrControl');
  if (isMac ? e.ctrlKey : e.metaKey) mods.push(isMac ? 'Control' : 'Super');
  if (e.altKey) mods.push('Alt');
  if (e.shiftKey) mods.push('Shift');
  if (mods.length === 0) return null;
  return [...mods, key].join('+');
}

const MAC_SYMBOLS: Readonly<Record<string, string>> = {
  CommandOrControl: '⌘',
  CmdOrCtrl: '⌘',
  Command: '⌘',
  Cmd: '⌘',
  Control: '⌃',
  Ctrl: '⌃',
  Alt: '⌥',
  Option: '⌥',
  AltGr: '⌥',
  Shift: '⇧',
  Super: '⌘',
  Meta: '⌘',
};
const PC_NAMES: Readonly<Record<string, string>> = {
  CommandOrControl: 'Ctrl',
  CmdOrCtrl: 'Ctrl',
  Command: 'Super',
  Cmd: 'Super',
  Control: 'Ctrl',
  Option: 'Alt',
  Meta: 'Super',
};
// The Mac's own order for modifiers (⌃⌥⇧⌘), as its menus write them.
const MAC_ORDER = ['⌃', '⌥', '⇧', '⌘'];

/**
 * An accelerator as the OS writes shortcuts in its menus: "⌥⇧⌘T" on a Mac,
 * "Ctrl+Alt+Shift+T" elsewhere. Settings keep Electron's portable text.
 */
export function formatAccelerator(accelerator: string, isMac: boolean): string {
  const parts = accelerator.split('+');
  // "Plus" names the + key itself; a trailing "+" after splitting is an empty part.
  const key = parts.pop() || '+';
  if (!isMac) return [...parts.map((m) => PC_NAMES[m] ?? m), key].join('+');
  const mods = parts
    .map((m) => MAC_SYMBOLS[m] ?? m)
    .sort((a, b) => MAC_ORDER.indexOf(a) - MAC_ORDER.indexOf(b));
  return `${mods.join('')}${key}`;
}
