import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINUX_ICON_SIZES, makeIcons, TRAY_STATES, TRAY_STEMS } from '../../scripts/icons';
import { decodeIcoBitmap, decodePng, pngHeader, readIcns, readIco, type Rgba } from './image-files';

const BUILD = join(__dirname, '..', '..', 'build');
const file = (name: string) => readFile(join(BUILD, name));

/** Relative luminance (WCAG) of an sRGB colour. */
function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The average colour of the clearly visible pixels. */
function inkColour(image: Rgba): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    if ((image.pixels[i + 3] ?? 0) < 200) continue;
    r += image.pixels[i] ?? 0;
    g += image.pixels[i + 1] ?? 0;
    b += image.pixels[i + 2] ?? 0;
    n++;
  }
  if (n === 0) throw new Error('icon has no opaque pixels');
  return [r / n, g / n, b / n];
}

/** How many pixels look different: alpha or a colour channel apart by more than a quarter. */
function differingPixels(a: Rgba, b: Rgba): number {
  let count = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    const alphaA = (a.pixels[i + 3] ?? 0) / 255;
    const alphaB = (b.pixels[i + 3] ?? 0) / 255;
    // Compare what is seen on a mid-grey panel, so transparent colour values do not count.
    const seen = (p: Rgba, alpha: number, c: number) =>
      (p.pixels[i + c] ?? 0) * alpha + 128 * (1 - alpha);
    const apart = [0, 1, 2].some((c) => Math.abs(seen(a, alphaA, c) - seen(b, alphaB, c)) > 64);
    if (apart || Math.abs(alphaA - alphaB) > 0.25) count++;
  }
  return count;
}

describe('app icons', () => {
  it('has the 1024 px source PNG and every Linux size, at the size its name says', async () => {
    expect(pngHeader(await file('icon.png'))).toMatchObject({ width: 1024, height: 1024 });
    for (const size of LINUX_ICON_SIZES) {
      const header = pngHeader(await file(`icons/${size}x${size}.png`));
      expect({ size, width: header.width, height: header.height }).toEqual({
        size,
        width: size,
        height: size,
      });
    }
  });

  it('has a Windows .ico with 16-256 px images, bitmaps showing the same picture as the PNGs', async () => {
    const entries = readIco(await file('icon.ico'));
    expect(entries.map((e) => e.size)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const entry of entries) {
      if (entry.format === 'png') {
        expect(pngHeader(entry.data)).toMatchObject({ width: entry.size, height: entry.size });
        continue;
      }
      const bitmap = decodeIcoBitmap(entry);
      expect([bitmap.width, bitmap.height]).toEqual([entry.size, entry.size]);
      if (entry.size === 24) continue; // no Linux PNG at 24 to compare with
      const png = decodePng(await file(`icons/${entry.size}x${entry.size}.png`));
      expect(differingPixels(bitmap, png)).toBe(0);
    }
  });

  it('has a macOS .icns whose PNG entries are the sizes their types promise', async () => {
    const expected: Record<string, number> = {
      icp4: 16,
      icp5: 32,
      ic11: 32,
      icp6: 64,
      ic12: 64,
      ic07: 128,
      ic13: 256,
      ic08: 256,
      ic14: 512,
      ic09: 512,
      ic10: 1024,
    };
    const entries = readIcns(await file('icon.icns'));
    expect(entries.map((e) => e.type).sort()).toEqual(Object.keys(expected).sort());
    for (const entry of entries) {
      const size = expected[entry.type];
      expect(pngHeader(entry.data)).toMatchObject({ width: size, height: size });
    }
  });
});

describe('tray icons', () => {
  const variants = [
    { suffix: 'Template', size: 16 },
    { suffix: 'Template@2x', size: 32 },
    { suffix: '-light', size: 16 },
    { suffix: '-light@2x', size: 32 },
    { suffix: '-dark', size: 16 },
    { suffix: '-dark@2x', size: 32 },
    { suffix: '-contrast', size: 16 },
    { suffix: '-contrast@2x', size: 32 },
  ];

  it('has every state in every variant, at 16 px and 32 px (@2x), and nothing else', async () => {
    const expected = TRAY_STEMS.flatMap((state) =>
      variants.map((v) => `tray-${state}${v.suffix}.png`),
    ).sort();
    expect((await readdir(join(BUILD, 'tray'))).sort()).toEqual(expected);
    for (const state of TRAY_STEMS) {
      for (const { suffix, size } of variants) {
        const header = pngHeader(await file(`tray/tray-${state}${suffix}.png`));
        expect({ name: `${state}${suffix}`, w: header.width, h: header.height }).toEqual({
          name: `${state}${suffix}`,
          w: size,
          h: size,
        });
      }
    }
  });

  it('makes the macOS template images black with alpha only, so the menu bar can tint them', async () => {
    for (const state of TRAY_STEMS) {
      for (const suffix of ['Template', 'Template@2x']) {
        const image = decodePng(await file(`tray/tray-${state}${suffix}.png`));
        let visible = 0;
        for (let i = 0; i < image.pixels.length; i += 4) {
          if ((image.pixels[i + 3] ?? 0) === 0) continue;
          visible++;
          const rgb = [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]];
          expect({ file: `${state}${suffix}`, pixel: i / 4, rgb }).toEqual({
            file: `${state}${suffix}`,
            pixel: i / 4,
            rgb: [0, 0, 0],
          });
        }
        expect(visible).toBeGreaterThan(image.width * 2);
      }
    }
  });

  it('draws light-panel icons dark and dark-panel icons light, readable on their panel', async () => {
    const panels = { light: luminance(243, 243, 243), dark: luminance(32, 32, 32) };
    for (const state of TRAY_STEMS) {
      for (const panel of ['light', 'dark'] as const) {
        const [r, g, b] = inkColour(decodePng(await file(`tray/tray-${state}-${panel}.png`)));
        const ratio = contrast(luminance(r, g, b), panels[panel]);
        expect({ icon: `${state}-${panel}`, readable: ratio >= 3 }).toEqual({
          icon: `${state}-${panel}`,
          readable: true,
        });
      }
    }
  });

  it('draws the contrast icons readable on a light, a dark and a mid-grey panel alike', async () => {
    // The share of an icon's pixels that stand out from the panel at 3:1 (WCAG non-text
    // contrast). A white-only icon on a light panel, the bug this variant is for, has none.
    const readableShare = (image: Rgba, panel: number): number => {
      const back = luminance(panel, panel, panel);
      let seen = 0;
      for (let i = 0; i < image.pixels.length; i += 4) {
        const alpha = (image.pixels[i + 3] ?? 0) / 255;
        const [r, g, b] = [0, 1, 2].map(
          (c) => (image.pixels[i + c] ?? 0) * alpha + panel * (1 - alpha),
        );
        if (contrast(luminance(r ?? 0, g ?? 0, b ?? 0), back) >= 3) seen++;
      }
      return seen / (image.width * image.height);
    };
    const panels = { light: 243, dark: 32, grey: 128 };
    for (const state of TRAY_STEMS) {
      for (const suffix of ['-contrast', '-contrast@2x']) {
        const image = decodePng(await file(`tray/tray-${state}${suffix}.png`));
        for (const [panel, grey] of Object.entries(panels)) {
          const icon = `${state}${suffix} on ${panel}`;
          expect({ icon, readable: readableShare(image, grey) >= 0.25 }).toEqual({
            icon,
            readable: true,
          });
        }
      }
      const white = decodePng(await file(`tray/tray-${state}-dark.png`));
      expect(readableShare(white, panels.light)).toBeLessThan(0.25);
    }
  });

  it('adds a visible due mark to every state in every variant', async () => {
    for (const state of TRAY_STATES) {
      for (const { suffix, size } of variants) {
        const plain = decodePng(await file(`tray/tray-${state}${suffix}.png`));
        const due = decodePng(await file(`tray/tray-${state}-due${suffix}.png`));
        const icon = `${state}-due${suffix}`;
        expect({ icon, distinct: differingPixels(plain, due) >= (size * size) / 20 }).toEqual({
          icon,
          distinct: true,
        });
      }
    }
  });

  it('keeps the four states visibly different from each other in every variant', async () => {
    for (const { suffix, size } of variants) {
      const images = await Promise.all(
        TRAY_STATES.map(async (s) => decodePng(await file(`tray/tray-${s}${suffix}.png`))),
      );
      for (let i = 0; i < images.length; i++) {
        for (let j = i + 1; j < images.length; j++) {
          const [a, b] = [images[i], images[j]];
          if (!a || !b) throw new Error('missing image');
          // At least a badge's worth of pixels: ~5 % of the icon.
          const pair = `${TRAY_STATES[i]}/${TRAY_STATES[j]}${suffix}`;
          expect({ pair, distinct: differingPixels(a, b) >= (size * size) / 20 }).toEqual({
            pair,
            distinct: true,
          });
        }
      }
    }
  });
});

/**
 * The pictures in two icon files, as lists of RGBA images: PNGs directly, .ico and .icns
 * entry by entry. Compared by pixels, not bytes: the rasteriser's anti-aliasing may differ
 * by a shade between CPU architectures (a release runner may be arm64).
 */
function pictures(name: string, data: Buffer): Rgba[] {
  if (name.endsWith('.png')) return [decodePng(data)];
  if (name.endsWith('.ico'))
    return readIco(data).map((e) => (e.format === 'png' ? decodePng(e.data) : decodeIcoBitmap(e)));
  if (name.endsWith('.icns')) return readIcns(data).map((e) => decodePng(e.data));
  throw new Error(`unexpected output ${name}`);
}

function samePicture(a: Rgba, b: Rgba): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  return a.pixels.every((v, i) => Math.abs(v - (b.pixels[i] ?? -999)) <= 8);
}

describe('npm run icons', () => {
  it('has been run: every committed icon shows what the script makes from the SVG sources', async () => {
    const made = await makeIcons(BUILD);
    expect(made.size).toBe(1 + 1 + 1 + LINUX_ICON_SIZES.length + TRAY_STEMS.length * 8);
    const stale: string[] = [];
    for (const [name, data] of made) {
      const committed = await readFile(join(BUILD, name)).catch(() => null);
      const want = pictures(name, data);
      const have = committed === null ? [] : pictures(name, committed);
      if (have.length !== want.length || want.some((w, i) => !samePicture(w, have[i] as Rgba)))
        stale.push(name);
    }
    expect(stale).toEqual([]);
  });
});
