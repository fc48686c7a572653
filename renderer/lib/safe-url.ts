/**
 * The renderer never fetches anything itself, but it may show an image from
 * an https URL (CSP img-src allows https:) and ask main to open a web page.
 * A logo can be a storage key rather than a URL: only real https URLs pass.
 */
export function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value.trim());
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A website may be written without a scheme ("acme.com"): show it, open it as https. */
export function websiteUrl(
  value: string | null | undefined,
): { href: string; label: string } | null {
  const raw = value?.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    const label = (u.host + (u.pathname === '/' ? '' : u.pathname)).replace(/^www\./, '');
    return { href: u.href, label };
  } catch {
    return null;
  }
}
