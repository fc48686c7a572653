import { guardFor } from '../secrets/secret-guard';

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export type LogSink = (level: 'info' | 'warn' | 'error', line: string) => void;

const describe = (detail: unknown): string => {
  if (detail === undefined) return '';
  if (detail instanceof Error) return ` ${detail.name}: ${detail.message}`;
  try {
    return ` ${JSON.stringify(detail)}`;
  } catch {
    return ` ${String(detail)}`;
  }
};

/**
 * Every log line passes through here, and every run of a secret the app
 * holds is cut out of it first (secret-guard.ts): an error from a library may quote a header, a URL or a
 * request body, and a log file must never carry a key (invariant 1).
 */
export function createLogger(sink: LogSink, secretsInUse: () => readonly string[]): Logger {
  const guard = guardFor(secretsInUse);
  const write = (level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void => {
    const g = guard();
    // The detail is judged before JSON escapes it: a secret holding a quote, a backslash or a
    // control character is broken up by its escapes, and the pieces between its runs would stay.
    sink(level, g.text(`${message}${describe(g.value(detail))}`));
  };
  return {
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export const consoleSink: LogSink = (level, line) => {
  if (level === 'error') console.error(line);
  else console.warn(line);
};
