import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/**
 * The attach request's JSON body, made as it is sent: the fields, then the
 * file's base64 a chunk at a time, then the closing quote. A 100 MB file is
 * never whole in memory, let alone as bytes, base64 and JSON at once: what
 * is held is one chunk and what fetch has not written yet (it pulls the next
 * chunk only when the last one is taken).
 */

/** A multiple of 3, so each chunk's base64 has no padding and the chunks join into one string. */
export const CHUNK_BYTES = 3 * 64 * 1024;

export interface BodyFields {
  readonly fileName: string;
  readonly fileType: string;
  readonly description?: string;
  /** With an API key: the person attaching it (usr_…). */
  readonly userId?: string;
}

/** The text before and after the base64; fileData last, so the fields are written before the file. */
export const bodyEnds = (fields: BodyFields): { readonly head: string; readonly tail: string } => {
  const json = JSON.stringify({
    fileName: fields.fileName,
    fileType: fields.fileType,
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.userId ? { userId: fields.userId } : {}),
    fileData: '',
  });
  // JSON.stringify ends with `"fileData":""}`: the base64 goes between those two quotes.
  return { head: json.slice(0, -2), tail: '"}' };
};

/** Bytes on the wire for a file of `size` bytes: for a test to compare with what arrived. */
export const bodyLength = (fields: BodyFields, size: number): number => {
  const { head, tail } = bodyEnds(fields);
  return Buffer.byteLength(head) + 4 * Math.ceil(size / 3) + Buffer.byteLength(tail);
};

/**
 * A stream of the body for the file at `path`, which must hold `size` bytes
 * (a copy the app made; anything else errors the stream, and the send
 * fails). `onProgress` hears the file's bytes handed to fetch so far.
 */
export function bodyStream(
  path: string,
  size: number,
  fields: BodyFields,
  onProgress: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  const { head, tail } = bodyEnds(fields);
  const encoder = new TextEncoder();
  let handle: FileHandle | null = null;
  let read = 0;
  // One buffer read into again and again: its bytes become base64 (a new string) before the next read.
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, 1)));
  let stage: 'head' | 'file' | 'done' = 'head';
  const close = async () => {
    const h = handle;
    handle = null;
    await h?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (stage === 'head') {
            handle = await open(path, 'r');
            stage = 'file';
            controller.enqueue(encoder.encode(head));
            return;
          }
          if (stage === 'file' && handle) {
            const want = Math.min(CHUNK_BYTES, size - read);
            const { bytesRead } =
              want > 0 ? await handle.read(chunk, 0, want, read) : { bytesRead: 0 };
            if (bytesRead !== want)
              throw new Error('The copy of the file changed while it was sent.');
            if (bytesRead > 0) {
              read += bytesRead;
              controller.enqueue(encoder.encode(chunk.toString('base64', 0, bytesRead)));
              onProgress(read);
            }
            if (read < size) return;
            await close();
            stage = 'done';
            controller.enqueue(encoder.encode(tail));
            controller.close();
          }
        } catch (e) {
          await close();
          controller.error(e);
        }
      },
      async cancel() {
        await close();
      },
    },
    // One chunk ahead at most: memory is a chunk or two, whatever the file's size.
    { highWaterMark: 1 },
  );
}
