import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_CSP, parseCsp, withSecurityHeaders } from '../../../main/window/csp';

const header = parseCsp(RENDERER_CSP);
const sources = (policy: Map<string, string[]>, directive: string) =>
  policy.get(directive) ?? policy.get('default-src') ?? [];

/** Fetch directives fall back to default-src when absent (CSP3 §6.1). */
const FETCH_DIRECTIVES = [
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'object-src',
  'media-src',
  'frame-src',
  'worker-src',
  'manifest-src',
];

describe('the renderer CSP (header)', () => {
  it('starts from nothing: default-src none', () => {
    expect(header.get('default-src')).toEqual(["'none'"]);
  });

  it('lets the page reach no network at all (it talks to main through the preload)', () => {
    expect(sources(header, 'connect-src')).toEqual(["'none'"]);
    expect(sources(header, 'frame-src')).toEqual(["'none'"]);
    expect(sources(header, 'worker-src')).toEqual(["'none'"]);
  });

  it('runs only our own bundled scripts: no inline, no eval, no remote script', () => {
    expect(sources(header, 'script-src')).toEqual(["'self'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval/);
    expect(RENDERER_CSP).not.toMatch(/\*/);
  });

  it('has no plugins, no <base> rewrites, no form posts and cannot be framed', () => {
    expect(sources(header, 'object-src')).toEqual(["'none'"]);
    expect(header.get('base-uri')).toEqual(["'none'"]);
    expect(header.get('form-action')).toEqual(["'none'"]);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows images from https and data: only (organization logos)', () => {
    expect(sources(header, 'img-src').sort()).toEqual(["'self'", 'data:', 'https:'].sort());
  });

  it('is added to response headers without dropping the others, with nosniff', () => {
    const headers = withSecurityHeaders({ 'Content-Type': 'text/html' });
    expect(headers).toEqual({
      'Content-Type': 'text/html',
      'Content-Security-Policy': RENDERER_CSP,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('overrides a looser policy already in the headers', () => {
    const headers = withSecurityHeaders({ 'Content-Security-Policy': 'default-src *' });
    expect(headers['Content-Security-Policy']).toBe(RENDERER_CSP);
  });
});

describe('renderer/index.html', () => {
  const html = readFileSync(join(__dirname, '..', '..', '..', 'renderer', 'index.html'), 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);

  it('carries a CSP meta tag', () => {
    expect(meta).not.toBeNull();
  });

  it('says the same as the header for everything a meta tag can say', () => {
    const tag = parseCsp(meta?.[1] ?? '');
    for (const directive of FETCH_DIRECTIVES) {
      expect([directive, [...sources(tag, directive)].sort()]).toEqual([
        directive,
        [...sources(header, directive)].sort(),
      ]);
    }
    // Not fetch directives: no fallback to default-src, so each must be written out.
    expect(tag.get('base-uri')).toEqual(header.get('base-uri'));
    expect(tag.get('form-action')).toEqual(header.get('form-action'));
  });
});
