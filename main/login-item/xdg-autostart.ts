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
 * The program the session will start from this autostart file, or null when it starts
 * nothing: the entry is hidden or switched off (the user may do that in their desktop's
 * startup settings), or has no Exec it can run.
 */
export function autostartProgram(content: string): string | null {
  const keys = desktopEntryKeys(content);
  if (keys.get('Hidden')?.toLowerCase() === 'true') return null;
  if (keys.get('X-GNOME-Autostart-enabled')?.toLowerCase() === 'false') return null;
  const exec = keys.get('Exec');
  return exec === undefined ? null : (parseExecValue(exec)?.[0] ?? null);
}

/**
 * Whether the session will start `program` from this autostart file. An entry left
 * behind by a moved AppImage starts nothing, so it counts as off; turning the setting
 * on rewrites it (and so does entryLostItsAppImage's case, at start).
 */
export function autostartStarts(content: string, program: string): boolean {
  return autostartProgram(content) === program;
}

export interface AutostartFacts {
  /** What the settings say: launch at login on. */
  readonly wanted: boolean;
  /** This copy runs as an AppImage ($APPIMAGE names its file). */
  readonly appImage: boolean;
  /** What this copy's entry would start (launchCommand's first argument). */
  readonly program: string;
  /** What the entry on disk starts (autostartProgram), null for nothing. */
  readonly entryProgram: string | null;
  /** Whether entryProgram is still a file. */
  readonly entryProgramExists: boolean;
}

/**
 * Whether the entry is this app's, left naming an AppImage file that is gone: the
 * AppImage updater moves the new version to the release's file name and deletes the
 * old file (electron-updater AppImageUpdater.doInstall), so after the first update
 * the entry starts nothing. When launch at login is wanted, it is written again for
 * this file; otherwise the next start would read "off" and save that.
 */
export function entryLostItsAppImage(facts: AutostartFacts): boolean {
  return (
    facts.wanted &&
    facts.appImage &&
    facts.entryProgram !== null &&
    facts.entryProgram !== facts.program &&
    !facts.entryProgramExists
  );
}
