import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_CERTIFICATE_CHOICES,
  certificateLabels,
  clientCertificateDecision,
  wireClientCertificates,
} from '../../../main/session/client-certificates';
import type { CertificateEvents, CertificateLike } from '../../../main/session/client-certificates';

const SIGN_IN = 'https://app.example.com';

describe('clientCertificateDecision: never picked by the app itself', () => {
  const request = {
    url: 'app.example.com:443',
    fromSignInWindow: true,
    signInOrigin: SIGN_IN,
    certificateCount: 2,
  };

  it('asks the person when the sign-in site itself asks, in the sign-in window', () => {
    expect(clientCertificateDecision(request)).toEqual({ kind: 'ask', host: 'app.example.com' });
    expect(
      clientCertificateDecision({ ...request, url: 'https://app.example.com/auth/mtls' }),
    ).toEqual({ kind: 'ask', host: 'app.example.com' });
    expect(
      clientCertificateDecision({
        ...request,
        url: 'app.example.com:8443',
        signInOrigin: 'https://app.example.com:8443',
      }),
    ).toEqual({ kind: 'ask', host: 'app.example.com:8443' });
  });

  it.each([
    ['an identity provider on the way', { url: 'login.idp.example:443' }],
    ['a look-alike host', { url: 'app.example.com.evil.example:443' }],
    ['another port of the same host', { url: 'app.example.com:8443' }],
    ['the popup or the service client', { fromSignInWindow: false }],
    ['no sign-in under way', { signInOrigin: null }],
    ['a sign-in page on plain http', { signInOrigin: 'http://localhost:3000' }],
    ['no certificate to offer', { certificateCount: 0 }],
    ['an unreadable address', { url: 'http://[bad' }],
  ])('sends none to %s', (_why, change) => {
    expect(clientCertificateDecision({ ...request, ...change })).toEqual({ kind: 'none' });
  });
});

describe('certificateLabels', () => {
  it('names subject and issuer, cleaned of control and bidi characters, cut to fit', () => {
    const labels = certificateLabels([
      { subjectName: 'Ada Lovelace', issuerName: 'Example Corp CA' },
      { subjectName: 'evil\u202Egpj.exe', issuerName: 'evil\u202Egpj.exe' },
      { subjectName: '', issuerName: 'Line\nbreak CA' },
      { subjectName: 'x'.repeat(200), issuerName: 'CA' },
    ]);
    expect(labels[0]).toBe('Ada Lovelace (issued by Example Corp CA)');
    expect(labels[1]).toBe('evilgpj.exe');
    expect(labels[2]).toBe('Unnamed certificate (issued by Line break CA)');
    expect(labels[3]).toHaveLength(80);
    expect(labels[3]!.endsWith('…')).toBe(true);
  });

  it(`offers at most ${MAX_CERTIFICATE_CHOICES}`, () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ subjectName: `c${i}`, issuerName: 'CA' }));
    expect(certificateLabels(many)).toHaveLength(MAX_CERTIFICATE_CHOICES);
  });
});

interface Contents {
  readonly id: number;
}

/** Electron's `app` as far as this event goes: same arguments, and an event that records preventDefault. */
function certificateRequests(deps: {
  signIn: { contents: Contents; origin: string } | null;
  answer?: (labels: readonly string[]) => Promise<number | null>;
}) {
  const emitter = new EventEmitter();
  const app: CertificateEvents<Contents, CertificateLike> = {
    on: (event, listener) => emitter.on(event, listener),
  };
  const asked: { host: string; labels: readonly string[] }[] = [];
  wireClientCertificates(app, {
    activeSignIn: () => deps.signIn,
    ask: async (_contents, host, labels) => {
      asked.push({ host, labels });
      return deps.answer ? deps.answer(labels) : null;
    },
  });
  const request = (contents: Contents | null, url: string, certificates: CertificateLike[]) =>
    new Promise<{ prevented: boolean; sent: CertificateLike | undefined; args: number }>((done) => {
      let prevented = false;
      emitter.emit(
        'select-client-certificate',
        { preventDefault: () => (prevented = true) },
        contents,
        url,
        certificates,
        (...args: (CertificateLike | undefined)[]) =>
          done({ prevented, sent: args[0], args: args.length }),
      );
    });
  return { request, asked };
}

const CERTS: CertificateLike[] = [
  { subjectName: 'Ada Lovelace', issuerName: 'Example Corp CA' },
  { subjectName: 'Ada (smart card)', issuerName: 'Gov CA' },
];

describe('wireClientCertificates: what any server asking for a certificate gets', () => {
  const popup = { id: 1 };
  const signInWindow = { id: 2 };

  // Electron's default hands over the first certificate in the store when the event is not prevented.
  it('refuses a page or the service with no certificate, without asking anyone', async () => {
    const { request, asked } = certificateRequests({
      signIn: { contents: signInWindow, origin: SIGN_IN },
    });
    for (const [contents, url] of [
      [{ id: 1 }, 'app.example.com:443'], // the popup, as a second wrapper object
      [null, 'api.example.com:443'],
      [popup, 'app.example.com:443'],
      [signInWindow, 'login.idp.example:443'],
      [signInWindow, 'tracker.example:443'],
    ] as const) {
      expect(await request(contents, url, CERTS)).toEqual({
        prevented: true,
        sent: undefined,
        args: 0,
      });
    }
    expect(asked).toEqual([]);
  });

  it('sends the certificate the person chose for the sign-in site, and only that one', async () => {
    const { request, asked } = certificateRequests({
      signIn: { contents: signInWindow, origin: SIGN_IN },
      answer: async () => 1,
    });
    const answer = await request({ id: signInWindow.id }, 'app.example.com:443', CERTS);
    expect(answer).toMatchObject({ prevented: true, sent: CERTS[1] });
    expect(asked).toEqual([
      {
        host: 'app.example.com',
        labels: ['Ada Lovelace (issued by Example Corp CA)', 'Ada (smart card) (issued by Gov CA)'],
      },
    ]);
  });

  it.each([
    ['the person sends none', async () => null],
    ['the answer is out of range', async () => 7],
    ['the dialog fails', () => Promise.reject(new Error('no display'))],
  ])('sends none when %s', async (_why, answer) => {
    const { request } = certificateRequests({
      signIn: { contents: signInWindow, origin: SIGN_IN },
      answer,
    });
    expect(await request(signInWindow, 'app.example.com:443', CERTS)).toEqual({
      prevented: true,
      sent: undefined,
      args: 0,
    });
  });

  it('is wired in the app before anything loads', () => {
    // Electron cannot run here: the composition root is read to check the call is made at start.
    const source = readFileSync(resolve(__dirname, '../../../main/index.ts'), 'utf8');
    const wired = source.indexOf('handleClientCertificates(app);');
    expect(wired).toBeGreaterThan(0);
    expect(wired).toBeLessThan(source.indexOf('app\n    .whenReady()'));
  });
});
