/**
 * Client certificates (TLS client authentication). Left alone, Electron answers
 * every server that asks with the first certificate in the OS store — any https
 * page the sign-in window reaches would learn who the person is (the
 * certificate names them) and could log them in somewhere with it. The app
 * never picks one by itself: it sends none, except that the sign-in site may
 * ask the person, who chooses one or none.
 */

export interface CertificateRequest {
  /** What Electron reports: the requesting URL, or its "host:port". */
  readonly url: string;
  /** Whether the request comes from the sign-in window (not the popup, not the service client). */
  readonly fromSignInWindow: boolean;
  /** The origin of the sign-in under way, if any. */
  readonly signInOrigin: string | null;
  readonly certificateCount: number;
}

export type CertificateDecision =
  | { readonly kind: 'none' }
  /** Ask the person, naming the host that asks. */
  | { readonly kind: 'ask'; readonly host: string };

const NONE: CertificateDecision = { kind: 'none' };

/** "host:port" (port left out when it is https' own), or null when it cannot be read. */
function hostOf(url: string): string | null {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).host;
  } catch {
    return null;
  }
}

export function clientCertificateDecision(request: CertificateRequest): CertificateDecision {
  if (!request.fromSignInWindow || request.signInOrigin === null) return NONE;
  if (request.certificateCount === 0) return NONE;
  let signIn: URL;
  try {
    signIn = new URL(request.signInOrigin);
  } catch {
    return NONE;
  }
  if (signIn.protocol !== 'https:') return NONE;
  // Only the sign-in site itself: an identity provider or any page on the way gets nothing.
  const host = hostOf(request.url);
  return host !== null && host === signIn.host ? { kind: 'ask', host } : NONE;
}

export interface CertificateLike {
  readonly subjectName: string;
  readonly issuerName: string;
}

/** More would not fit a dialog's buttons; someone with more picks from the first ones or none. */
export const MAX_CERTIFICATE_CHOICES = 5;
const MAX_LABEL = 80;

/**
 * Button labels for the certificates offered, in the store's order. Names come
 * from certificates in the person's own store; still trimmed, cut to fit, and
 * stripped of control and bidi characters so a crafted one cannot pose as another.
 */
export function certificateLabels(certificates: readonly CertificateLike[]): string[] {
  const clean = (text: string) =>
    text
      .replace(/\s+/g, ' ')
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim();
  return certificates.slice(0, MAX_CERTIFICATE_CHOICES).map((c) => {
    const subject = clean(c.subjectName) || 'Unnamed certificate';
    const issuer = clean(c.issuerName);
    const label = issuer && issuer !== subject ? `${subject} (issued by ${issuer})` : subject;
    return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
  });
}

/**
 * The part of Electron's `app` this uses (tsc checks the real one fits). C is
 * a webContents, Cert a certificate: left open so tests run without Electron.
 */
export interface CertificateEvents<
  C extends { readonly id: number },
  Cert extends CertificateLike,
> {
  on(
    event: 'select-client-certificate',
    listener: (
      event: { preventDefault(): void },
      contents: C | null,
      url: string,
      certificates: Cert[],
      callback: (certificate?: Cert) => void,
    ) => void,
  ): unknown;
}

export interface CertificateDeps<C extends { readonly id: number }> {
  readonly activeSignIn: () => { readonly contents: C; readonly origin: string } | null;
  /** Shows the choice; resolves with the index of the label chosen, or null for none. */
  readonly ask: (contents: C, host: string, labels: readonly string[]) => Promise<number | null>;
}

/**
 * Adapter: answers every client-certificate request of the app — windows and
 * the service client's requests alike (those come with no webContents).
 */
export function wireClientCertificates<
  C extends { readonly id: number },
  Cert extends CertificateLike,
>(app: CertificateEvents<C, Cert>, deps: CertificateDeps<C>): void {
  app.on('select-client-certificate', (event, contents, url, certificates, callback) => {
    // Without this, Electron sends the first certificate in the store.
    event.preventDefault();
    const signIn = deps.activeSignIn();
    const decision = clientCertificateDecision({
      url,
      // By id: the same webContents may reach JS through more than one wrapper object.
      fromSignInWindow: signIn !== null && contents !== null && contents.id === signIn.contents.id,
      signInOrigin: signIn?.origin ?? null,
      certificateCount: certificates.length,
    });
    if (decision.kind === 'none' || !signIn) return callback();
    const labels = certificateLabels(certificates);
    deps
      .ask(signIn.contents, decision.host, labels)
      .then((chosen) => {
        const certificate =
          chosen !== null && chosen >= 0 && chosen < labels.length
            ? certificates[chosen]
            : undefined;
        if (certificate) callback(certificate);
        else callback();
      })
      .catch(() => callback());
  });
}
