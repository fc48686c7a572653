/**
 * Text on the organization's colour must stay readable whatever colour the
 * service sends (WCAG 2.x contrast, AA = 4.5:1 for normal text). We never
 * trust the colour: anything that is not #RRGGBB falls back to a neutral.
 */

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

export function parseHexColor(value: string | null | undefined): Rgb | null {
  const m = value == null ? null : HEX.exec(value.trim());
  if (!m) return null;
  return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
}

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance, 0 (black) to 1 (white). */
export const luminance = ({ r, g, b }: Rgb): number =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

export interface BadgeColors {
  /** #RRGGBB as given, or null when the colour was missing or malformed. */
  readonly background: string | null;
  readonly text: '#000000' | '#ffffff' | null;
  /** The contrast of text on background, so callers (and tests) can check it. */
  readonly ratio: number | null;
}

/**
 * Black or white, whichever contrasts more. One of the two always reaches
 * at least 4.58:1 against any opaque colour, so AA holds for every input.
 */
export function textColorOn(background: string | null | undefined): BadgeColors {
  const rgb = parseHexColor(background);
  if (!rgb) return { background: null, text: null, ratio: null };
  const onBlack = contrastRatio(rgb, BLACK);
  const onWhite = contrastRatio(rgb, WHITE);
  return onBlack >= onWhite
    ? { background: background!.trim(), text: '#000000', ratio: onBlack }
    : { background: background!.trim(), text: '#ffffff', ratio: onWhite };
}
