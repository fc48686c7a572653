import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';

/**
 * No task or organization comes near this; a description may hold a rich
 * document, so leave room. Past it the answer is not one the interface gives.
 */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

const tooLarge = () =>
  err(
    appError(
      'bad_response',
      'The service sent an answer far larger than any task or organization. Check the base URL: it may point at something else.',
    ),
  );

/**
 * The body as text, read no further than `maxBytes`: a broken proxy or a
 * wrong base URL must not make main hold an unbounded answer in memory.
 */
export async function readBodyCapped(
  response: Response,
  maxBytes = MAX_RESPONSE_BYTES,
): Promise<Result<string>> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return tooLarge();
  }
  if (!response.body) return ok('');
  // A declared length within the cap, not compressed: the HTTP parser reads no byte past
  // it, so the body is bounded already, and reading it whole skips a promise and a decode
  // per chunk. A compressed body is counted as it is inflated (a small gzip can inflate
  // to gigabytes), chunk by chunk below.
  const encoding = response.headers.get('content-encoding');
  if (
    response.headers.has('content-length') &&
    Number.isFinite(declared) &&
    (encoding === null || encoding.trim().toLowerCase() === 'identity')
  )
    return ok(await response.text());
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return ok(text + decoder.decode());
}
