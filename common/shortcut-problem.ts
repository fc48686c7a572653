/**
 * Whether an accelerator can be Task Tray's global shortcut, in words: plain
 * TypeScript, so the popup warns while the keys are pressed, before main
 * (common/shortcut.ts's schema) refuses it.
 */
/** Electron's modifier names, each with what it is on macOS and on Windows/Linux. */
const MODIFIERS: Readonly<Record<string, { readonly mac: Mod; readonly pc: Mod }>> = {
  CommandOrControl: { mac: 'cmd', pc: 'ctrl' },
  CmdOrCtrl: { mac: 'cmd', pc: 'ctrl' },
  Command: { mac: 'cmd', pc: 'super' },
  Cmd: { mac: 'cmd', pc: 'super' },
  Control: { mac: 'ctrl', pc: 'ctrl' },
  Ctrl: { mac: 'ctrl', pc: 'ctrl' },
  Alt: { mac: 'alt', pc: 'alt' },
  Option: { mac: 'alt', pc: 'alt' },
  AltGr: { mac: 'altgr', pc: 'altgr' },
  Shift: { mac: 'shift', pc: 'shift' },
  Super: { mac: 'cmd', pc: 'super' },
  Meta: { mac: 'cmd', pc: 'super' },
};
type Mod = 'cmd' | 'ctrl' | 'alt' | 'altgr' | 'shift' | 'super';

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
const isCharacter = (k: string): boolean => k.length === 1;

/**
 * Chords the systems and every app already use: a global shortcut takes its
 * keys from all of them while Task Tray runs. Written as modifiers in the
 * order cmd, ctrl, alt, shift, super, then the key, upper-case.
 */
const TAKEN: Readonly<Record<'mac' | 'pc', Readonly<Record<string, string>>>> = {
  mac: {
    'cmd+C': 'copy',
    'cmd+V': 'paste',
    'cmd+X': 'cut',
    'cmd+Z': 'undo',
    'cmd+shift+Z': 'redo',
    'cmd+A': 'select all',
    'cmd+S': 'save',
    'cmd+F': 'find',
    'cmd+P': 'print',
    'cmd+N': 'new window',
    'cmd+T': 'new tab',
    'cmd+shift+T': "reopen a browser's closed tab",
    'cmd+W': 'close window',
    'cmd+Q': 'quit',
    'cmd+H': 'hide',
    'cmd+M': 'minimise',
    'cmd+TAB': 'switch apps',
    'cmd+`': 'switch windows',
    'cmd+SPACE': 'Spotlight',
    'cmd+alt+ESCAPE': 'force quit',
    'cmd+ctrl+Q': 'lock screen',
    'cmd+shift+Q': 'log out',
    'cmd+shift+3': 'screenshot',
    'cmd+shift+4': 'screenshot',
    'cmd+shift+5': 'screenshot',
    'ctrl+SPACE': 'switch input source',
  },
  pc: {
    'ctrl+C': 'copy',
    'ctrl+V': 'paste',
    'ctrl+X': 'cut',
    'ctrl+Z': 'undo',
    'ctrl+Y': 'redo',
    'ctrl+shift+Z': 'redo',
    'ctrl+A': 'select all',
    'ctrl+S': 'save',
    'ctrl+F': 'find',
    'ctrl+P': 'print',
    'ctrl+N': 'new window',
    'ctrl+T': 'new tab',
    'ctrl+shift+T': "reopen a browser's closed tab",
    'ctrl+W': 'close tab',
    'ctrl+Q': 'quit',
    'ctrl+TAB': 'next tab',
    'ctrl+ESCAPE': 'Start menu',
    'ctrl+shift+ESCAPE': 'Task Manager',
    'ctrl+alt+DELETE': 'the security screen',
    'ctrl+alt+T': 'open a terminal on Ubuntu',
    'ctrl+alt+L': 'lock screen on Linux',
    'alt+TAB': 'switch windows',
    'alt+F4': 'close window',
    'alt+SPACE': 'window menu',
    'alt+F2': 'run a command on Linux',
    'super+L': 'lock screen',
    'super+D': 'show the desktop',
    'super+E': 'File Explorer',
    'super+R': 'Run',
    'super+TAB': 'task view',
  },
};
const ORDER: readonly Mod[] = ['cmd', 'ctrl', 'alt', 'altgr', 'shift', 'super'];
const KEY_ALIASES: Readonly<Record<string, string>> = { ESC: 'ESCAPE', RETURN: 'ENTER' };

const chord = (mods: readonly Mod[], key: string): string => {
  const upper = key.toUpperCase();
  return [...ORDER.filter((m) => mods.includes(m)), KEY_ALIASES[upper] ?? upper].join('+');
};

/**
 * Opens the popup. Ctrl/Cmd+Shift+T was "reopen closed tab" in every browser;
 * with Alt added it is used by no system or common app on the three OSes.
 */
export const DEFAULT_SHORTCUT = 'CommandOrControl+Alt+Shift+T';
const EXAMPLE = DEFAULT_SHORTCUT;
/** Opens the quick entry of a new task: the popup's, with N for new. */
export const DEFAULT_NEW_TASK_SHORTCUT = 'CommandOrControl+Alt+Shift+N';

/** Opens the capture chooser (a screen, a window, a region as evidence): E for evidence. */
export const DEFAULT_CAPTURE_SHORTCUT = 'CommandOrControl+Alt+Shift+E';

/**
 * Task Tray's global shortcuts, each by the setting that holds it, with what
 * its field and its undo say, what it does (in words), and its default. A
 * shortcut added here needs its setting (main's schema, SettingsPatchInput)
 * and its view (`<setting>`, `<setting>Notice` in SettingsView). None may be another's: the OS would
 * give the keys to one of them only.
 */
export const SHORTCUTS = {
  shortcut: {
    label: 'Shortcut to open Task Tray',
    name: 'Shortcut',
    does: 'opens Task Tray',
    fallback: DEFAULT_SHORTCUT,
  },
  newTaskShortcut: {
    label: 'Shortcut for a new task',
    name: 'New task shortcut',
    does: 'makes a new task',
    fallback: DEFAULT_NEW_TASK_SHORTCUT,
  },
  captureShortcut: {
    label: 'Shortcut to capture evidence',
    name: 'Capture shortcut',
    does: 'captures evidence',
    fallback: DEFAULT_CAPTURE_SHORTCUT,
  },
} as const;
export type ShortcutSetting = keyof typeof SHORTCUTS;
export const SHORTCUT_SETTINGS = Object.keys(SHORTCUTS) as ShortcutSetting[];

const ALIASES: Readonly<Record<string, string>> = {
  cmdorctrl: 'commandorcontrol',
  cmd: 'command',
  ctrl: 'control',
  option: 'alt',
};

/** "CmdOrCtrl+shift+t" and "Shift+CommandOrControl+T" are the same key to the OS. */
export function canonicalAccelerator(accelerator: string): string {
  const parts = accelerator.split('+').map((p) => p.trim().toLowerCase());
  const key = parts.pop() ?? '';
  const modifiers = parts.map((m) => ALIASES[m] ?? m).sort();
  return [...modifiers, key].join('+');
}

/**
 * Why `accelerator` cannot be the shortcut of `setting` while the others are
 * what `saved` says: one of them has it already. Null when none has.
 */
export function shortcutClash(
  setting: ShortcutSetting,
  accelerator: string,
  saved: Readonly<Partial<Record<ShortcutSetting, string | null>>>,
  shown: string = accelerator,
): string | null {
  const key = canonicalAccelerator(accelerator);
  for (const other of SHORTCUT_SETTINGS) {
    const value = saved[other];
    if (other !== setting && value && canonicalAccelerator(value) === key)
      return `${shown} already ${SHORTCUTS[other].does}: choose another.`;
  }
  return null;
}

/**
 * Why this accelerator cannot be Task Tray's global shortcut, or null when it
 * can. `shown` is how the words name it (the popup writes it as the OS does).
 */
export function shortcutProblem(text: string, shown: string = text): string | null {
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  if (parts.length === 0 || !parts.every((m) => m in MODIFIERS) || !isKey(key))
    return `A shortcut is one or more modifiers and a key, like ${EXAMPLE}.`;
  const mods = (os: 'mac' | 'pc') => parts.map((m) => MODIFIERS[m]![os]);
  // Shift and AltGr are how people type capitals and symbols: alone they would take typing away.
  const strong = mods('pc').filter((m) => m !== 'shift' && m !== 'altgr');
  if (strong.length === 0)
    return `A shortcut needs Ctrl, Cmd, Alt or Super as well: ${shown} would take typing away from every app.`;
  // Option+letter types accented letters on a Mac, and Alt+letter opens menus on Windows.
  if (strong.every((m) => m === 'alt') && isCharacter(key))
    return `Alt (Option) with a letter or sign types characters on a Mac and opens menus on Windows: add Ctrl or Cmd.`;
  const mac = TAKEN.mac[chord(mods('mac'), key)];
  const pc = TAKEN.pc[chord(mods('pc'), key)];
  const where =
    mac && pc
      ? mac === pc
        ? `“${mac}” on macOS, Windows and Linux`
        : `“${mac}” on macOS and “${pc}” on Windows and Linux`
      : mac
        ? `“${mac}” on macOS`
        : pc
          ? `“${pc}” on Windows and Linux`
          : null;
  if (where)
    return `${shown} already means ${where}: a global shortcut would take it from every app. Choose another.`;
  return null;
}
