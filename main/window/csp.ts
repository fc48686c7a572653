/**
 * The renderer's Content-Security-Policy, sent as a real header by the app://
 * protocol handler. renderer/index.html carries the same policy in a meta tag
 * (a fallback, and the only place a web-only test run sees it); the two are
 * compared by test/main/window/csp.test.ts.
 *
 * The renderer only ever loads its own bundle and talks to main through the
 * preload: no network (connect-src 'none'), no inline or remote script, no
 * plugins, no forms, no framing. Images may come from https (organization
 * logos are signed https URLs) or data: URIs.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  // Only honoured as a header (ignored in a meta tag): one more reason to send it.
  'frame-ancestors': ["'none'"],
};

export const RENDERER_CSP = Object.entries(CSP_DIRECTIVES)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');

/** Parses a policy string into directive → sources (lower-cased names, later duplicates ignored as browsers do). */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, sources);
  }
  return directives;
}

/** The headers of an app:// response: the CSP, and no MIME sniffing of our own files. */
export function withSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  return {
    ...headers,
    'Content-Security-Policy': RENDERER_CSP,
    'X-Content-Type-Options': 'nosniff',
  };
}
