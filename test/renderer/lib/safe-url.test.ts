// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { httpsUrl, websiteUrl } from '../../../renderer/lib/safe-url';

describe('httpsUrl (logo sources)', () => {
  it('passes only https URLs', () => {
    expect(httpsUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(httpsUrl('http://cdn.example.com/logo.png')).toBeNull();
    expect(httpsUrl('org_1/logo.png')).toBeNull(); // a storage key, not a URL
    expect(httpsUrl('javascript:alert(1)')).toBeNull();
    expect(httpsUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(httpsUrl(null)).toBeNull();
  });
});

describe('websiteUrl', () => {
  it('accepts a bare domain and shows it without scheme or www', () => {
    expect(websiteUrl('www.acme.example')).toEqual({
      href: 'https://www.acme.example/',
      label: 'acme.example',
    });
    expect(websiteUrl('https://acme.example/about')).toEqual({
      href: 'https://acme.example/about',
      label: 'acme.example/about',
    });
  });

  it('refuses what a browser should not open', () => {
    expect(websiteUrl('javascript:alert(1)')).toBeNull();
    expect(websiteUrl('file:///etc/passwd')).toBeNull();
    expect(websiteUrl('')).toBeNull();
    expect(websiteUrl('https://')).toBeNull();
  });
});
