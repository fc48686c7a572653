/**
 * The log file a person can send: electron-log's file transport, behind the
 * redacting logger (logger.ts). Every line that reaches it has been through
 * the secret guard already; electron-log only dates it, appends it, and
 * rotates the file (main.log becomes main.old.log) once it passes
 * LOG_FILE_MAX_BYTES. Its other transports are off: the console gets the
 * line from `echo`, and nothing goes over IPC or the network.
 */

import { join } from 'node:path';
import type { NodeLogger, PathVariables } from 'electron-log';
import { consoleSink } from './logger';
import type { LogSink } from './logger';

/** Two files at most (main.log and main.old.log), 4 MB together: small enough to attach to an email. */
export const LOG_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Date, level, line: the line is already whole and redacted, so no scope or variables. */
const LINE_FORMAT = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';

export interface LogFile {
  /** Writes a line to the file, and to `echo`. */
  readonly sink: LogSink;
  /** Where the file is, made (empty) if it is not there yet, so it can be shown. */
  path(): string;
}

export interface LogFileOptions {
  /** The file; electron-log's default (the OS's log folder for the app) when absent. */
  readonly filePath?: string;
  /** Where each line goes besides the file: the console by default. */
  readonly echo?: LogSink;
}

/**
 * Sets up electron-log (its main entry in the app, its node entry in tests:
 * the same logger either way) as the log file, and the sink that writes to it.
 */
export function createLogFile(library: NodeLogger, options: LogFileOptions = {}): LogFile {
  const { file } = library.transports;
  for (const [name, transport] of Object.entries(library.transports))
    if (name !== 'file' && transport) transport.level = false;
  file.level = 'info';
  file.maxSize = LOG_FILE_MAX_BYTES;
  file.format = LINE_FORMAT;
  // Private, as the settings and the outbox are: it holds task titles and what the service said.
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  const { filePath } = options;
  // Else electron-log's own default: main.log in the OS's log folder for the app.
  file.resolvePathFn = (vars: PathVariables) =>
    filePath ?? join(vars.libraryDefaultDir, vars.fileName ?? file.fileName);
  const echo = options.echo ?? consoleSink;
  return {
    sink: (level, line) => {
      echo(level, line);
      library[level](line);
    },
    path: () => file.getFile().path,
  };
}
