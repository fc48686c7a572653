// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initials } from '../../../renderer/lib/initials';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Northwind Health')).toBe('NH');
    expect(initials('acme logistics group')).toBe('AL');
    expect(initials('Harbor')).toBe('H');
  });

  it('keeps whole letters of accented and non-Latin names', () => {
    expect(initials('éclair studio')).toBe('ÉS');
    expect(initials('東京 電力')).toBe('東電');
  });

  it('ignores punctuation and separators', () => {
    expect(initials('  (Acme) — Corp. ')).toBe('AC');
    expect(initials('north-wind')).toBe('NW');
  });

  it('falls back to the slug, then to "?"', () => {
    expect(initials(null, 'northwind')).toBe('N');
    expect(initials('   ', '')).toBe('?');
    expect(initials('!!!')).toBe('?');
  });
});
