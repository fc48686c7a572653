/**
 * What one client remembers of its conditional reads: per URL, the ETag the
 * service gave and the answer it came with, so a 304 hands the caller the
 * same value (the same object: a caller that checked it once need not check
 * it again). Bounded in entries and in the bytes of the answers kept
 * (docs/ARCHITECTURE.md, invariant 8); the oldest used goes first. Never
 * written anywhere: it lives as long as the client, in main's memory.
 */

export const MAX_REMEMBERED_URLS = 256;
export const MAX_REMEMBERED_BYTES = 4 * 1024 * 1024;
/** Real ETags are ~40 characters; anything much longer is not kept (nor sent back). */
export const MAX_ETAG_LENGTH = 200;

interface Remembered {
  readonly etag: string;
  readonly value: unknown;
  readonly bytes: number;
}

/** What a client's conditional reads came to, for a benchmark to print "with and without 304s". */
export interface ConditionalStats {
  /** Reads sent with If-None-Match. */
  readonly conditional: number;
  /** Of those, answered 304: nothing new came over the wire. */
  readonly notModified: number;
}

export function createConditionalMemory(
  limits: { entries: number; bytes: number } = {
    entries: MAX_REMEMBERED_URLS,
    bytes: MAX_REMEMBERED_BYTES,
  },
) {
  const byUrl = new Map<string, Remembered>();
  let bytes = 0;
  let conditional = 0;
  let notModified = 0;

  const drop = (url: string) => {
    const r = byUrl.get(url);
    if (!r) return;
    bytes -= r.bytes;
    byUrl.delete(url);
  };

  return {
    /** The tag to send for this URL, if an answer to it is kept. */
    etagFor(url: string): string | null {
      return byUrl.get(url)?.etag ?? null;
    },
    /** A 304 came: the kept answer, now the most recently used. */
    unchanged(url: string): unknown {
      notModified += 1;
      const r = byUrl.get(url);
      if (!r) return undefined;
      byUrl.delete(url);
      byUrl.set(url, r);
      return r.value;
    },
    sent(withTag: boolean): void {
      if (withTag) conditional += 1;
    },
    /** A fresh answer: kept with its tag when it has a usable one and fits. */
    fresh(url: string, etag: string | null, value: unknown, size: number): void {
      drop(url);
      if (!etag || etag.length > MAX_ETAG_LENGTH || !/^[\x21-\x7e]+$/.test(etag)) return;
      if (size > limits.bytes / 4) return;
      byUrl.set(url, { etag, value, bytes: size });
      bytes += size;
      for (const old of byUrl.keys()) {
        if (byUrl.size <= limits.entries && bytes <= limits.bytes) break;
        drop(old);
      }
    },
    /** The URL's answer was refused or failed: whatever was kept is no longer the service's. */
    forget(url: string): void {
      drop(url);
    },
    stats: (): ConditionalStats => ({ conditional, notModified }),
    size: () => ({ entries: byUrl.size, bytes }),
  };
}

export type ConditionalMemory = ReturnType<typeof createConditionalMemory>;
