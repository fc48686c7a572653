import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretHint } from '../../../main/accounts/secret-hint';

describe('secretHint', () => {
  it('shows a real-shaped key as its prefix and last four characters', () => {
    const key = `comp_${'a1b2c3d4'.repeat(8)}`;
    expect(secretHint(key)).toBe('comp_…c3d4');
  });

  it('shows nothing of a short secret but its prefix', () => {
    expect(secretHint('comp_short')).toBe('comp_••••');
    expect(secretHint('hunter2')).toBe('••••');
  });

  it('never reveals more than a prefix and four characters of any secret', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (secret) => {
        const hint = secretHint(secret);
        const shown = hint.replace(/[…•]/g, '');
        expect(shown.length).toBeLessThanOrEqual(13);
        if (secret.length >= 8) expect(hint.includes(secret)).toBe(false);
      }),
    );
  });
});
