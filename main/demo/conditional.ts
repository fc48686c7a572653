import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Conditional GETs as the real service answers them: it runs on Express,
 * whose `res.send` gives every body a weak ETag (the `etag` package: length
 * in hex and the first 27 characters of the body's base64 SHA-1) and turns a
 * GET or HEAD whose `If-None-Match` names it into a 304 with no body (the
 * `fresh` package). The throttler has counted the request by then: a 304
 * still counts against the limit.
 */

/** Express's default (weak) ETag of a body. */
export const weakEtag = (payload: string | Buffer): string => {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const hash = createHash('sha1').update(bytes).digest('base64').slice(0, 27);
  return `W/"${bytes.length.toString(16)}-${hash}"`;
};

/** The opaque part of a tag, so W/"x" and "x" compare equal (If-None-Match uses the weak comparison). */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is fresh (the `fresh` package, without the
 * Last-Modified half: the service sends none): `Cache-Control: no-cache`
 * asks for a body whatever the tag; `*` or any listed tag matching is fresh.
 */
export const isFresh = (headers: IncomingHttpHeaders, etag: string): boolean => {
  const noneMatch = headers['if-none-match'];
  if (typeof noneMatch !== 'string' || noneMatch.trim() === '') return false;
  const cacheControl = headers['cache-control'];
  if (typeof cacheControl === 'string' && /(?:^|,)\s*no-cache\s*(?:,|$)/.test(cacheControl))
    return false;
  if (noneMatch.trim() === '*') return true;
  return noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
};

/** Express answers 304 only to GET and HEAD, and only where the answer would have been a 2xx. */
export const mayAnswerNotModified = (method: string, status: number): boolean =>
  (method === 'GET' || method === 'HEAD') && status >= 200 && status < 300;
