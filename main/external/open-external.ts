import { lookup } from 'node:dns/promises';
import type { Shell } from 'electron';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { localAddressKind } from './local-address';
import type { LocalAddressKind } from './local-address';
import { refuseLocal, safeExternalUrl } from './safe-external-url';

/** The addresses a host name leads to; none when it does not resolve here. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/** A lookup that takes longer is given up: the link opens as the text alone allows. */
const LOOKUP_MS = 2_000;

/** The system's resolver, as the browser would ask it (hosts file, mDNS, DNS). */
export const systemResolve: ResolveHost = async (hostname) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<[]>((done) => (timer = setTimeout(() => done([]), LOOKUP_MS)));
  try {
    const found = lookup(hostname, { all: true }).then(
      (all) => all.map((a) => a.address),
      () => [],
    );
    return await Promise.race([found, late]);
  } finally {
    clearTimeout(timer);
  }
};

/** What an address the resolver gave is, read as URL.hostname writes it (::ffff:127.0.0.1 too). */
const kindOf = (address: string): LocalAddressKind | null => {
  try {
    const host = address.includes(':') ? `[${address}]` : address;
    return localAddressKind(new URL(`http://${host}/`).hostname);
  } catch {
    // One URL cannot write: an IPv6 address with a zone (fe80::1%eth0), link-local.
    return 'local network';
  }
};

/**
 * The only way the app opens a link in the system browser: shell is Electron's
 * (passed in, so this file runs in plain Node too), text is whatever the
 * renderer or a page asked to open. A name is resolved first, so one that
 * leads to this computer or the local network (127.0.0.1.nip.io, a name in
 * the hosts file) is refused as its address would be. A name that does not
 * resolve here is opened: the browser cannot reach anything local with it
 * either (it does not stop a DNS answer that changes in between).
 */
export async function openExternalSafely(
  shell: Pick<Shell, 'openExternal'>,
  text: string,
  resolve: ResolveHost = systemResolve,
): Promise<Result<null>> {
  const url = safeExternalUrl(text);
  if (!url.ok) return url;
  const hostname = new URL(url.value).hostname;
  for (const address of hostname.startsWith('[') ? [] : await resolve(hostname)) {
    const local = kindOf(address);
    if (local) return refuseLocal(local);
  }
  try {
    await shell.openExternal(url.value); // eng-disable OPEN_EXTERNAL_JS_CHECK -- url.value is safeExternalUrl()'s output: parsed, http(s) only, no credentials
    return ok(null);
  } catch {
    return err(appError('internal', 'The link could not be opened in your browser.'));
  }
}
