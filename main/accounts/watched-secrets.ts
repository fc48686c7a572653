import type { AppError, Result } from '../../common/result';
import { err } from '../../common/result';
import { createSecretGuard } from '../secrets/secret-guard';
import { cookieValues } from '../service/request-validation';

export type SecretKind = 'api-key' | 'session';

/** What the guard looks for in a secret: a key whole, a session cookie's values (never its names). */
export const secretParts = (secret: string, kind: SecretKind): string[] =>
  kind === 'session' ? cookieValues(secret) : [secret.trim()];

/** How many secrets of this run the guard keeps watching after they are no longer in use. */
const REMEMBERED_SECRETS = 8;

/**
 * The secrets main keeps out of what it writes and sends (secret-guard.ts):
 * the parts of those in use (`inUse`, asked each time), and every secret this
 * run has held or been given, newest last. A key replaced by another may
 * still be quoted by an answer or an error from before. A refused one is
 * forgotten again (tryOut).
 */
export function createWatchedSecrets(inUse: () => readonly string[]) {
  const seen: string[] = [];
  /** Parts of `seen` that something other than an attempt put there, by when (a count of those). */
  const heldAt = new Map<string, number>();
  let holds = 0;
  /**
   * Attempts with a part, from the first of them until the last is over: how
   * many, how many were refused, and what held the part when the first began.
   */
  interface Trial {
    live: number;
    total: number;
    refusals: number;
    readonly heldAt: number | undefined;
    readonly wasSeen: boolean;
  }
  const trials = new Map<string, Trial>();

  const watch = (parts: readonly string[], held: boolean): void => {
    for (const part of parts) {
      const at = seen.indexOf(part);
      if (at !== -1) seen.splice(at, 1);
      seen.push(part);
      if (held) heldAt.set(part, (holds += 1));
    }
    // The oldest go first, held ones and those attempts left (thrown) counted apart: a burst of
    // attempts never pushes out a key held before it, and an attempt under way is never pushed out.
    // Keys in use are watched anyway (rewatch): they take none of the places kept for the others.
    const using = new Set(inUse());
    const counted = (p: string) => !trials.has(p) && !using.has(p);
    for (const isHeld of [true, false]) {
      let over =
        seen.filter((p) => heldAt.has(p) === isHeld && counted(p)).length - REMEMBERED_SECRETS;
      for (let i = 0; over > 0 && i < seen.length;) {
        const p = seen[i] as string;
        if (heldAt.has(p) === isHeld && counted(p)) {
          seen.splice(i, 1);
          heldAt.delete(p);
          over -= 1;
        } else i += 1;
      }
    }
    rewatch();
  };
  const remember = (secret: string, kind: SecretKind): void =>
    watch(secretParts(secret, kind), true);

  /**
   * Watches a secret about to be tried; `refused` redacts the refusal with it,
   * and `over` (in a finally) ends the attempt. A refused "key" is often
   * something else pasted by mistake (a task id, the service's URL): watched
   * for the rest of the run, it was cut out of ids and URLs in every later
   * write, and settings.json and outbox.json could no longer be read back.
   * Nothing keeps a refused secret once its attempts have answered, so
   * nothing can quote it later: when the last attempt with it is over, it is
   * forgotten if every one of them was refused, it was not watched before
   * the first began (a key in use or replaced), and nothing else took it
   * meanwhile (an account with it adopted or removed). Any other ending
   * (accepted, or thrown) leaves it watched.
   */
  const tryOut = (secret: string, kind: SecretKind) => {
    const parts = secretParts(secret, kind);
    for (const p of parts) {
      const t = trials.get(p);
      if (t) {
        t.live += 1;
        t.total += 1;
      } else
        trials.set(p, {
          live: 1,
          total: 1,
          refusals: 0,
          heldAt: heldAt.get(p),
          wasSeen: seen.includes(p),
        });
    }
    watch(parts, false);
    let refused = false;
    return {
      refused(error: AppError): Result<never> {
        refused = true;
        // Redacted here, while it is still known for a secret: the answer is checked after this.
        return err(createSecretGuard(parts).value(error));
      },
      over(): void {
        for (const p of parts) {
          const t = trials.get(p);
          if (!t) continue;
          t.live -= 1;
          if (refused) t.refusals += 1;
          if (t.live > 0) continue;
          trials.delete(p);
          if (t.refusals < t.total || t.wasSeen || heldAt.get(p) !== t.heldAt) continue;
          const at = seen.indexOf(p);
          if (at !== -1) seen.splice(at, 1);
        }
        rewatch();
      },
    };
  };

  /** Every secret in use, plus the recent ones: however many profiles there are. */
  let watched: readonly string[] = seen;
  function rewatch(): void {
    const parts = inUse();
    watched = parts.length === 0 ? [...seen] : [...new Set([...parts, ...seen])];
  }

  return {
    /** A secret held (saved, shown, removed but maybe still quoted): watched among the recent ones. */
    remember,
    tryOut,
    /** Call when what is in use changed. */
    rewatch,
    /** What the guard watches now. */
    current: (): readonly string[] => watched,
  };
}
