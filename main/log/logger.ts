import { defineField } from '../lib/define-field';
import { guardFor } from '../secrets/secret-guard';
import { boxedPrimitive, byteCount, kindOf } from '../secrets/value-kinds';

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export type LogSink = (level: 'info' | 'warn' | 'error', line: string) => void;

/** Bytes of any kind (value-kinds.ts), as IPC's serializer tells them, whatever their prototype. */
const isBytes = (x: unknown): x is object =>
  x !== null && typeof x === 'object' && kindOf(x) === 'memory';

/**
 * The detail as text. Its strings and its keys are judged by `cut` before
 * JSON escapes them: a secret holding a quote, a backslash or a control
 * character is broken up by its escapes, and the pieces between its runs
 * would be left. (Not the guard's walk of the whole value: a library's error
 * can hold sockets and requests that point back at each other, which it would
 * walk down every path, and getters that throw.) What each value is comes
 * from the guard's own readers (value-kinds.ts). Bytes are written as their
 * count: as numbers they would carry a secret in no form the guard reads.
 * Never throws: a log line must not turn a handled error into a crash.
 */
const describe = (detail: unknown, cut: (text: string) => string): string => {
  if (detail === undefined) return '';
  try {
    if (detail instanceof Error) return ` ${detail.name}: ${detail.message}`;
    // Each object is written once: one that points back at itself would make JSON throw.
    const written = new WeakSet<object>();
    const text = JSON.stringify(detail, function (this: unknown, key: string, v: unknown) {
      // The value before its toJSON (a Buffer's gives its bytes as numbers), and after.
      for (const x of [(this as Record<string, unknown>)[key], v])
        if (isBytes(x)) return `[${byteCount(x)} bytes]`;
      if (typeof v === 'string') return cut(v);
      if (v === null || typeof v !== 'object') return v;
      // Boxed values by their own primitive: an object's valueOf could return anything.
      const boxed = boxedPrimitive(v);
      if (boxed !== undefined) return typeof boxed === 'string' ? cut(boxed) : boxed;
      if (written.has(v)) return '[written above]';
      written.add(v);
      if (Array.isArray(v)) return v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) defineField(out, cut(k), (v as Record<string, unknown>)[k]);
      return out;
    });
    return ` ${text}`;
  } catch {
    try {
      return ` ${String(detail)}`;
    } catch {
      try {
        return ` ${Object.prototype.toString.call(detail)}`;
      } catch {
        // A revoked Proxy: not even its kind can be read.
        return ' [detail]';
      }
    }
  }
};

/**
 * Every log line passes through here, and every run of a secret the app
 * holds is cut out of it first (secret-guard.ts): an error from a library
 * may quote a header, a URL or a request body, and a log file must never
 * carry a key (docs/ARCHITECTURE.md, invariant 1).
 */
export function createLogger(sink: LogSink, secretsInUse: () => readonly string[]): Logger {
  const guard = guardFor(secretsInUse);
  const write = (level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void => {
    const g = guard();
    sink(level, g.text(`${message}${describe(detail, g.text)}`));
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
