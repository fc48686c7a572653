/**
 * The one guard for everything that leaves main or goes to disk (answers,
 * events, settings, the outbox, logs): docs/ARCHITECTURE.md, invariant 1.
 * Text is matched by secret-text.ts (any run of a secret, in any form);
 * values are walked by value-walk.ts as IPC and JSON see them. What matches
 * is replaced, never allowed to block the data it is in: a task titled with
 * the key is shown with "[redacted]", not refused forever.
 */

import { createTextGuard } from './secret-text';
import { createValueWalk } from './value-walk';

export interface SecretGuard {
  /** The text with every run of a secret (in any of its forms) replaced by REDACTED. */
  text(value: string): string;
  /**
   * A copy of a JSON-like value with every string (and key) redacted; the
   * value itself when nothing matched. What is not plain data (an Error,
   * bytes, a Proxy, a Map with fields of its own, anything whose toJSON is
   * not a Date's or a Buffer's) is replaced by the REDACTED string itself
   * when it may carry a secret.
   */
  value<T>(value: T): T;
  /** Whether the text carries any run of a secret. */
  finds(value: string): boolean;
}

const NONE: SecretGuard = { text: (v) => v, value: (v) => v, finds: () => false };

/** A guard for these secrets (secret-text.ts says which count, and how). */
export function createSecretGuard(secrets: readonly string[]): SecretGuard {
  const texts = createTextGuard(secrets);
  if (texts === null) return NONE;
  return { text: texts.text, value: createValueWalk(texts), finds: texts.finds };
}

/**
 * The guard for the secrets in use, made again only when they change: asked
 * for on every answer, event and write.
 */
export function guardFor(secretsInUse: () => readonly string[]): () => SecretGuard {
  let last: { key: string; guard: SecretGuard } | null = null;
  return () => {
    const secrets = secretsInUse();
    const key = secrets.join('\n');
    if (last?.key !== key) last = { key, guard: createSecretGuard(secrets) };
    return last.guard;
  };
}
