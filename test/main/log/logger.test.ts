import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';

/** A logger guarding these secrets, and the lines it wrote. */
const logging = (...secrets: string[]) => {
  const lines: string[] = [];
  const log = createLogger(
    (_level, line) => lines.push(line),
    () => secrets,
  );
  return { log, lines };
};

describe('createLogger', () => {
  it('cuts every secret in use out of messages and error details', () => {
    const secret = 'comp_0123456789abcdef0123456789abcdef';
    const { log, lines } = logging(secret);
    log.error(`request with ${secret} failed`, new Error(`header X-API-Key: ${secret}`));
    log.warn('detail', { headers: { 'x-api-key': secret } });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).toContain('[redacted]');
    }
  });

  it('cuts a run of 8 characters of a secret too: a prefix, the upper-cased or base64 form', () => {
    const secret = 'comp_0123456789abcdef0123456789abcdef';
    const { log, lines } = logging(secret);
    log.warn(`cut at 300: ${secret.slice(0, 12)}…`);
    log.warn(`shouted ${secret.toUpperCase()}`);
    log.warn(`encoded ${Buffer.from(secret).toString('base64')}`);
    expect(lines).toEqual([
      'cut at 300: [redacted]…',
      'shouted [redacted]',
      // The padding carries nothing of the key.
      expect.stringMatching(/^encoded \[redacted\]=*$/),
    ]);
  });

  it('cuts a secret out of a detail before JSON escapes its quotes and backslashes', () => {
    const secret = 'abcdefgh"ijklmnop\\qrstuvwx\tyz012345';
    const { log, lines } = logging(secret);
    log.warn('detail', { key: secret });
    log.warn('detail', [`Bearer ${secret}`]);
    // Judged after the escapes, the quote, the backslash and the tab between the runs were left.
    expect(lines).toEqual(['detail {"key":"[redacted]"}', 'detail ["Bearer [redacted]"]']);
  });

  it('cuts a secret out of keys, boxed strings and bytes of a detail too', () => {
    const secret = 'abcdefg\nhijklmn\topqrstu"vwxyz12';
    const { log, lines } = logging(secret);
    log.warn('key', { [secret]: 1 });
    log.warn('boxed', { text: new String(`token ${secret}`) });
    log.warn('bytes', { body: Buffer.from(`Authorization: Bearer ${secret}`) });
    log.warn('bytes by toJSON', { body: { toJSON: () => Buffer.from(secret) } });
    // Bytes of every kind IPC's serializer knows, whatever their prototype says.
    const shared = new Uint8Array(new SharedArrayBuffer(31));
    shared.set(Buffer.from(secret));
    log.warn('shared bytes', { body: Object.setPrototypeOf(shared.buffer, null) as object });
    const gone = new ArrayBuffer(8);
    structuredClone(gone, { transfer: [gone] });
    log.warn('detached bytes', { body: gone });
    log.warn('boxed others', { n: new Number(5), b: new Boolean(true) });
    // A boxed value whose own valueOf says something else is written as what it boxes.
    const n = new Number(1);
    n.valueOf = () => secret as unknown as number;
    log.warn('boxed number', { a: n });
    expect(lines).toEqual([
      'key {"[redacted]":1}',
      'boxed {"text":"token [redacted]"}',
      'bytes {"body":"[53 bytes]"}',
      'bytes by toJSON {"body":"[31 bytes]"}',
      'shared bytes {"body":"[31 bytes]"}',
      'detached bytes {"body":"[0 bytes]"}',
      'boxed others {"n":5,"b":true}',
      'boxed number {"a":1}',
    ]);
  });

  it('logs what it can of a detail that points back at itself or throws when read', () => {
    const secret = 'comp_0123456789abcdef0123456789abcdef';
    const { log, lines } = logging(secret);
    // As a library's request error can be: socket and request holding each other.
    const request: Record<string, unknown> = { url: `https://x.test/?key=${secret}` };
    const socket = { request, other: request };
    request.socket = socket;
    log.warn('request failed', { request, socket });
    const throwing = {
      get field(): string {
        throw new Error(`no ${secret}`);
      },
    };
    log.warn('odd detail', throwing);
    expect(lines).toEqual([
      'request failed {"request":{"url":"https://x.test/?key=[redacted]","socket":' +
        '{"request":"[written above]","other":"[written above]"}},"socket":"[written above]"}',
      'odd detail [object Object]',
    ]);
    // Nor does a detail that cannot even be made text, or an Error whose name throws.
    log.warn('no text', Object.assign(Object.create(null) as object, { n: 1n }));
    const badError = new Error('x');
    Object.defineProperty(badError, 'name', {
      get() {
        throw new Error('no name');
      },
    });
    log.warn('bad error', badError);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    log.warn('revoked', proxy);
    expect(lines.slice(2)).toEqual([
      'no text [object Object]',
      'bad error [object Error]',
      'revoked [detail]',
    ]);
  });

  it('logs plain lines untouched when there is no secret', () => {
    const { log, lines } = logging();
    log.info('started', { port: 1 });
    expect(lines).toEqual(['started {"port":1}']);
  });
});
