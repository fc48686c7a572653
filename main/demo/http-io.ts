import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFresh, mayAnswerNotModified, weakEtag } from './conditional';
import type { DemoResponse } from './responses';

/** The reference service's two ends of the socket: a request's body in, an answer out. */

/** Bodies above this are refused with 413, before anything else. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The real service's JSON body limit ('150mb'), which attachments' base64 needs. */
export const MAX_UPLOAD_BODY_BYTES = 150 * 1024 * 1024;

type Body = { kind: 'ok'; text: string } | { kind: 'too_large' } | { kind: 'aborted' };

export const readBody = (req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Body> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining so the client can read the 413, but stop keeping bytes.
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(
        size > maxBytes
          ? { kind: 'too_large' }
          : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', () => resolve({ kind: 'aborted' }));
    // 'close' before 'end' means the client went away mid-body.
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });

/**
 * Writes an answer. A handler's answer (`conditional`) carries Express's weak
 * ETag and becomes a bodiless 304 when the GET's If-None-Match names it; a
 * fault's answer goes out exactly as the fault says.
 */
export const send = (
  res: ServerResponse,
  response: DemoResponse,
  conditional?: { method: string; headers: IncomingMessage['headers'] },
): void => {
  if (res.destroyed || res.writableEnded) return;
  const isText = typeof response.body === 'string';
  // Bytes go out as they are (a fault test's compressed body); text as text; the rest as JSON.
  const payload = Buffer.isBuffer(response.body)
    ? response.body
    : isText
      ? (response.body as string)
      : JSON.stringify(response.body);
  // A fault test may force a streamed answer (Transfer-Encoding): a length would contradict it.
  const streamed = Object.keys(response.headers ?? {}).some(
    (h) => h.toLowerCase() === 'transfer-encoding',
  );
  if (conditional) {
    const etag = weakEtag(payload);
    if (
      mayAnswerNotModified(conditional.method, response.status) &&
      isFresh(conditional.headers, etag)
    ) {
      // As Express: no body, and no Content-Type or Content-Length to describe one.
      res.writeHead(304, { ETag: etag });
      res.end();
      return;
    }
    res.setHeader('ETag', etag);
  }
  res.writeHead(response.status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    ...(streamed ? {} : { 'Content-Length': Buffer.byteLength(payload) }),
    ...response.headers,
  });
  res.end(payload);
};
