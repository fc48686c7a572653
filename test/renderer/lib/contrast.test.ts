// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, textColorOn } from '../../../renderer/lib/contrast';

const hex = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('text colour on the organization colour', () => {
  it('meets WCAG AA (4.5:1) for every #RRGGBB colour', () => {
    fc.assert(
      fc.property(hex, (color) => {
        const c = textColorOn(color);
        expect(c.ratio).toBeGreaterThanOrEqual(4.5);
        const measured = contrastRatio(parseHexColor(color)!, parseHexColor(c.text)!);
        expect(measured).toBeCloseTo(c.ratio!, 6);
      }),
    );
  });

  it('puts black on light colours and white on dark ones', () => {
    expect(textColorOn('#FFD60A').text).toBe('#000000');
    expect(textColorOn('#ffffff').text).toBe('#000000');
    expect(textColorOn('#1a237e').text).toBe('#ffffff');
    expect(textColorOn('#000000').text).toBe('#ffffff');
  });

  it('knows the textbook ratios', () => {
    expect(contrastRatio(parseHexColor('#000000')!, parseHexColor('#ffffff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHexColor('#777777')!, parseHexColor('#ffffff')!)).toBeCloseTo(
      4.48,
      2,
    );
  });

  it('does not trust a colour that is not #RRGGBB', () => {
    for (const bad of [null, undefined, '', 'red', '#fff', '#12345g', 'url(x)', '#1234567']) {
      expect(textColorOn(bad)).toEqual({ background: null, text: null, ratio: null });
    }
  });
});
