/**
 * The XDG autostart entry for Linux (freedesktop.org Desktop Application Autostart
 * Specification): a .desktop file in $XDG_CONFIG_HOME/autostart that the session
 * starts at login. Pure text in, text out; linux-login-item.ts does the file I/O.
 */
import { HIDDEN_ARG } from './login-item';

export const AUTOSTART_FILE_NAME = 'task-tray.desktop';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * $XDG_CONFIG_HOME, or ~/.config when it is unset, empty or relative (the base-directory
 * spec says a relative value is invalid and must be ignored).
 */
export function xdgConfigHome(env: Env, homeDir: string): string {
  const value = env.XDG_CONFIG_HOME;
  return value && value.startsWith('/') ? value : `${homeDir.replace(/\/+$/, '')}/.config`;
}

export function autostartFilePath(configHome: string): string {
  return `${configHome.replace(/\/+$/, '')}/autostart/${AUTOSTART_FILE_NAME}`;
}

/**
 * What the session should run. An AppImage runs from a fresh temporary mount each time,
 * so its own executable path is gone after exit: the AppImage file ($APPIMAGE) is
 * what must be started.
 */
export function launchCommand(execPath: string, env: Env): string[] {
  const program = env.APPIMAGE && env.APPIMAGE.startsWith('/') ? env.APPIMAGE : execPath;
  return [program, HIDDEN_ARG];
}

// Characters that make the spec require an argument to be quoted.
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/** One argument of an Exec key, quoted and escaped as the Desktop Entry spec asks. */
export function quoteExecArgument(arg: string): string {
  const fieldCodesEscaped = arg.replace(/%/g, '%%');
  if (fieldCodesEscaped !== '' && !RESERVED.test(fieldCodesEscaped)) return fieldCodesEscaped;
  return `"${fieldCodesEscaped.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The Exec value for a command. The quoting rule runs first, then the general string
 * escapes of the key file (backslash, newline, tab, return), as the spec orders them.
 */
export function execValue(command: readonly string[]): string {
  return escapeString(command.map(quoteExecArgument).join(' '));
}

function escapeString(value: string): string {
  return value.replace(/[\\\n\t\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\t' ? '\\t' : '\\r',
  );
}

function unescapeString(value: string): string {
  return value.replace(/\\([\\nstr])/g, (_, c: string) =>
    c === '\\' ? '\\' : c === 'n' ? '\n' : c === 's' ? ' ' : c === 't' ? '\t' : '\r',
  );
}

/** Splits an Exec value back into arguments: the inverse of execValue, or null if malformed. */
export function parseExecValue(value: string): string[] | null {
  const text = unescapeString(value);
  const args: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    let arg = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        arg += text[i];
        i++;
      }
      if (text[i] !== '"') return null; // unterminated quote
      i++;
    } else {
      while (i < text.length && text[i] !== ' ') arg += text[i++];
    }
    args.push(arg.replace(/%%/g, '%'));
  }
  return args;
}

/** The whole autostart file. */
export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Task Tray',
    'Comment=Starts Task Tray in the tray when you log in',
    `Exec=${execValue(command)}`,
    'Icon=task-tray',
    'Terminal=false',
    'StartupNotify=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** The keys of the [Desktop Entry] group (later duplicates win, as in GLib). */
function desktopEntryKeys(content: string): Map<string, string> {
  const keys = new Map<string, string>();
  let inEntry = false;
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    const eq = line.indexOf('=');
    if (inEntry && eq > 0) keys.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return keys;
}

/**
 * Whether the session will start `program` from this autostart file: the entry is not
 * hidden or switched off (the user may do that in their desktop's startup settings),
 * and it starts this program. An entry left behind by a moved AppImage starts
 * nothing, so it counts as off; turning the setting on rewrites it.
 */
export function autostartStarts(content: string, program: string): boolean {
  const keys = desktopEntryKeys(content);
  if (keys.get('Hidden')?.toLowerCase() === 'true') return false;
  if (keys.get('X-GNOME-Autostart-enabled')?.toLowerCase() === 'false') return false;
  const exec = keys.get('Exec');
  if (exec === undefined) return false;
  return parseExecValue(exec)?.[0] === program;
}
