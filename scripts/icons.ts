/**
 * `npm run icons`: makes every icon the app and its installers need from the two SVG
 * sources in build/ (icon.svg, tray-glyph.svg). The outputs are committed; run this
 * again after changing a source. test/packaging/ checks the committed files are
 * exactly what this script makes.
 *
 * Usage: tsx scripts/icons.ts [outDir]   (default: build/, i.e. in place)
 *
 * Writes, under outDir:
 *   icon.png                      1024 px app icon (electron-builder's fallback source)
 *   icon.icns                     macOS app icon (PNG entries 16-1024)
 *   icon.ico                      Windows app icon (BMP entries up to 64 px, PNG above)
 *   icons/<N>x<N>.png             Linux app icon sizes, 16-1024
 *   tray/tray-<state>Template.png, tray-<state>Template@2x.png
 *                                 macOS menu-bar template images, 16 and 32 px, black + alpha
 *   tray/tray-<state>-<light|dark>.png, tray-<state>-<light|dark>@2x.png
 *                                 Windows/Linux tray icons, 16 and 32 px, for a light or a
 *                                 dark panel (the panel colour, not the icon's)
 *   tray/tray-<state>-contrast.png, tray-<state>-contrast@2x.png
 *                                 Linux tray icons for a panel of unknown colour: the
 *                                 dark-panel icon on a dark tile and halo, readable on both
 * where <state> is normal | offline | pending | error, each also as <state>-due (a
 * compliance task overdue or due today: a small square in the bottom-left corner).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

export const TRAY_STATES = ['normal', 'offline', 'pending', 'error'] as const;
export type TrayState = (typeof TRAY_STATES)[number];
/** Each state's file stem, plain and with the due mark (main/tray/tray-state.ts picks one). */
export const TRAY_STEMS = TRAY_STATES.flatMap((state) => [state, `${state}-due`]);
export const LINUX_ICON_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024] as const;

/** How one tray variant is painted. Template images use black only; macOS tints them. */
interface TrayPalette {
  readonly glyph: string;
  /** The glyph of the offline state: faded, because nothing it shows is current. */
  readonly offlineGlyph: string;
  readonly offlineOpacity: number;
  readonly pending: string;
  readonly error: string;
  /** The "!" inside the error badge; null cuts it out (template images). */
  readonly errorMark: string | null;
  /** For a panel of unknown colour: fills the glyph and rings every mark; null: none. */
  readonly halo: string | null;
  /** The due mark: something is overdue or due today. */
  readonly due: string;
}

const TEMPLATE: TrayPalette = {
  glyph: '#000000',
  offlineGlyph: '#000000',
  offlineOpacity: 0.45,
  pending: '#000000',
  error: '#000000',
  errorMark: null,
  halo: null,
  due: '#000000',
};

// Light panel: dark ink. Dark panel: light ink. Badge colours keep at least 3:1
// against their panel (WCAG non-text contrast).
const ON_LIGHT_PANEL: TrayPalette = {
  glyph: '#1F2937',
  offlineGlyph: '#6B7280',
  offlineOpacity: 1,
  pending: '#B45309',
  error: '#DC2626',
  errorMark: '#FFFFFF',
  halo: null,
  due: '#1D4ED8',
};
const ON_DARK_PANEL: TrayPalette = {
  glyph: '#F3F4F6',
  offlineGlyph: '#9CA3AF',
  offlineOpacity: 1,
  pending: '#FBBF24',
  error: '#EF4444',
  errorMark: '#FFFFFF',
  halo: null,
  due: '#60A5FA',
};
// Panel colour unknown (a Linux desktop that does not say): light ink, so a dark panel
// needs nothing more, inside a dark halo that a light panel sees as the outline. The
// halo fills the gaps cut around the badges too, so they stay apart on a light panel.
const ON_ANY_PANEL: TrayPalette = { ...ON_DARK_PANEL, halo: '#111827' };

// 2 units: 1 px at 16 px, within the 2.5-unit margin around the glyph's box.
const HALO_RADIUS = 2;

// The error badge sits in the bottom-right corner of the 32-unit glyph (the pending
// dot mirrors it to the top right); the glyph is cut away around each (a gap of
// ~2.5 units) so mark and glyph stay apart at 16 px.
const BADGE = { cx: 25.5, cy: 25.5 };

/** The glyph's markup, without its <svg> wrapper, so it can be masked and recoloured. */
export function glyphBody(glyphSvg: string): string {
  const match = /<svg\b[^>]*>([\s\S]*)<\/svg>\s*$/.exec(glyphSvg);
  if (!match?.[1]) throw new Error('build/tray-glyph.svg: expected one <svg>…</svg> element.');
  return match[1];
}

/** The glyph's outline shapes filled in: its silhouette, in currentColor. */
export function glyphSilhouette(body: string): string {
  return body.replace(/\bfill="none"/g, 'fill="currentColor"');
}

/**
 * The due mark: a square (not a dot, so it differs from the pending mark by shape on a
 * template image too) in the bottom-left corner, the one no other mark uses.
 */
const DUE = { x: 1.5, y: 20.5, side: 10 };

/** One tray icon as SVG, 32 units square, drawn at `size` pixels; `due` adds the due mark. */
export function traySvg(
  glyph: string,
  state: TrayState,
  palette: TrayPalette,
  size: number,
  due = false,
): string {
  const { cx, cy } = BADGE;
  let cut = due
    ? `<rect x="${DUE.x - 2.5}" y="${DUE.y - 2.5}" width="${DUE.side + 5}" height="${DUE.side + 5}" rx="4" fill="#000"/>`
    : '';
  let overlay = due
    ? `<rect x="${DUE.x}" y="${DUE.y}" width="${DUE.side}" height="${DUE.side}" rx="2" fill="${palette.due}"/>`
    : '';
  let colour = palette.glyph;
  let opacity = 1;
  switch (state) {
    case 'normal':
      break;
    case 'offline':
      // A slash across the faded glyph, with a clear gap either side.
      colour = palette.offlineGlyph;
      opacity = palette.offlineOpacity;
      cut += '<path d="M4 2 L30 28" stroke="#000" stroke-width="8" stroke-linecap="round"/>';
      overlay += `<path d="M4 2 L30 28" stroke="${palette.glyph}" stroke-width="3" stroke-linecap="round"/>`;
      break;
    case 'pending':
      // A dot in the top-right corner, where apps put "something waiting" marks:
      // changes not yet sent. Another corner than the error badge, so the two differ
      // by place as well as colour (template images have no colour).
      cut += `<circle cx="${cx}" cy="${32 - cy}" r="7.5" fill="#000"/>`;
      overlay += `<circle cx="${cx}" cy="${32 - cy}" r="4.75" fill="${palette.pending}"/>`;
      break;
    case 'error': {
      // A solid disc with an exclamation mark.
      cut += `<circle cx="${cx}" cy="${cy}" r="8.5" fill="#000"/>`;
      const mark =
        `<rect x="${cx - 1.25}" y="${cy - 4.5}" width="2.5" height="5.5" rx="1.25"/>` +
        `<circle cx="${cx}" cy="${cy + 3.6}" r="1.4"/>`;
      overlay +=
        palette.errorMark === null
          ? `<mask id="mark"><rect width="32" height="32" fill="#fff"/><g fill="#000">${mark}</g></mask>` +
            `<circle cx="${cx}" cy="${cy}" r="6.5" fill="${palette.error}" mask="url(#mark)"/>`
          : `<circle cx="${cx}" cy="${cy}" r="6.5" fill="${palette.error}"/>` +
            `<g fill="${palette.errorMark}">${mark}</g>`;
      break;
    }
  }
  // With a halo, the glyph's inside is filled with it too: at 16 px a 1 px ring alone
  // blurs into the strokes, a filled tile reads as one shape on a light panel.
  const tile =
    palette.halo === null
      ? ''
      : `<g color="${palette.halo}">${glyphSilhouette(glyphBody(glyph))}</g>`;
  const marks =
    tile +
    `<g color="${colour}" opacity="${opacity}" mask="url(#cut)">${glyphBody(glyph)}</g>` +
    overlay;
  // The halo is the marks' own shape grown by HALO_RADIUS, painted under them.
  const halo =
    palette.halo === null
      ? ''
      : `<filter id="halo" filterUnits="userSpaceOnUse" x="0" y="0" width="32" height="32">` +
        `<feMorphology in="SourceAlpha" operator="dilate" radius="${HALO_RADIUS}" result="grown"/>` +
        `<feFlood flood-color="${palette.halo}"/>` +
        `<feComposite in2="grown" operator="in" result="ring"/>` +
        `<feMerge><feMergeNode in="ring"/><feMergeNode in="SourceGraphic"/></feMerge>` +
        `</filter>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
    `<mask id="cut"><rect width="32" height="32" fill="#fff"/>${cut}</mask>${halo}` +
    (halo ? `<g filter="url(#halo)">${marks}</g>` : marks) +
    `</svg>`
  );
}

/** Renders SVG to a PNG of `size` pixels square. */
function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Straight (not premultiplied) RGBA pixels; resvg hands back premultiplied ones. */
function renderRgba(svg: string, size: number): Buffer {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();
  const px = Buffer.from(image.pixels);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3] ?? 0;
    if (a === 0 || a === 255) continue;
    for (let c = 0; c < 3; c++) px[i + c] = Math.min(255, Math.round(((px[i + c] ?? 0) * 255) / a));
  }
  return px;
}

/**
 * An .icns of PNG entries (the types iconutil writes). Each type is one pixel size;
 * the @2x types reuse the larger renders.
 */
export function icns(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const types: ReadonlyArray<[string, number]> = [
    ['icp4', 16],
    ['icp5', 32],
    ['ic11', 32],
    ['icp6', 64],
    ['ic12', 64],
    ['ic07', 128],
    ['ic13', 256],
    ['ic08', 256],
    ['ic14', 512],
    ['ic09', 512],
    ['ic10', 1024],
  ];
  const entries = types.map(([type, size]) => {
    const png = pngBySize.get(size);
    if (!png) throw new Error(`icns: no ${size} px render`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

/** One 32-bit BMP (DIB) icon image: BGRA rows bottom-up, then the 1-bit AND mask. */
function icoBitmap(rgba: Buffer, size: number): Buffer {
  const header = Buffer.alloc(40);
  const maskRow = Math.ceil(size / 32) * 4;
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour rows + mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  const mask = Buffer.alloc(maskRow * size);
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y;
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = (row * size + x) * 4;
      pixels[to] = rgba[from + 2] ?? 0;
      pixels[to + 1] = rgba[from + 1] ?? 0;
      pixels[to + 2] = rgba[from] ?? 0;
      pixels[to + 3] = rgba[from + 3] ?? 0;
      // Old renderers ignore alpha and use the mask: set = transparent.
      if ((rgba[from + 3] ?? 0) === 0) {
        const at = row * maskRow + (x >> 3);
        mask[at] = (mask[at] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return Buffer.concat([header, pixels, mask]);
}

/**
 * An .ico with bitmap entries for the small sizes (what NSIS and old shells read
 * best) and PNG entries for 128 and 256 (a bitmap at 256 would be 256 KB).
 */
export function ico(images: ReadonlyArray<{ size: number; data: Buffer }>): Buffer {
  const dir = Buffer.alloc(6 + images.length * 16);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(images.length, 4);
  let offset = dir.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + i * 16;
    dir.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    dir.writeUInt8(size >= 256 ? 0 : size, at + 1);
    dir.writeUInt16LE(1, at + 4);
    dir.writeUInt16LE(32, at + 6);
    dir.writeUInt32LE(data.length, at + 8);
    dir.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([dir, ...images.map((image) => image.data)]);
}

/** Every output file, by path relative to outDir. */
export async function makeIcons(sourceDir: string): Promise<Map<string, Buffer>> {
  const appSvg = await readFile(join(sourceDir, 'icon.svg'), 'utf8');
  const glyph = await readFile(join(sourceDir, 'tray-glyph.svg'), 'utf8');
  const files = new Map<string, Buffer>();

  const appPng = new Map<number, Buffer>();
  for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
    appPng.set(size, renderPng(appSvg, size));
  }
  const png = (size: number): Buffer => {
    const data = appPng.get(size);
    if (!data) throw new Error(`no ${size} px render`);
    return data;
  };
  files.set('icon.png', png(1024));
  for (const size of LINUX_ICON_SIZES) files.set(`icons/${size}x${size}.png`, png(size));
  files.set('icon.icns', icns(appPng));
  files.set(
    'icon.ico',
    ico([
      ...[16, 24, 32, 48, 64].map((size) => ({
        size,
        data: icoBitmap(renderRgba(appSvg, size), size),
      })),
      { size: 128, data: png(128) },
      { size: 256, data: png(256) },
    ]),
  );

  for (const stem of TRAY_STEMS) {
    const state = stem.replace(/-due$/, '') as TrayState;
    const due = stem !== state;
    for (const [suffix, size] of [
      ['', 16],
      ['@2x', 32],
    ] as const) {
      files.set(
        `tray/tray-${stem}Template${suffix}.png`,
        renderPng(traySvg(glyph, state, TEMPLATE, size, due), size),
      );
      for (const [panel, palette] of [
        ['light', ON_LIGHT_PANEL],
        ['dark', ON_DARK_PANEL],
        ['contrast', ON_ANY_PANEL],
      ] as const) {
        files.set(
          `tray/tray-${stem}-${panel}${suffix}.png`,
          renderPng(traySvg(glyph, state, palette, size, due), size),
        );
      }
    }
  }
  return files;
}

async function main(): Promise<void> {
  const sourceDir = resolve('build');
  const outDir = resolve(process.argv[2] ?? 'build');
  const files = await makeIcons(sourceDir);
  for (const [name, data] of files) {
    const path = join(outDir, name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, data);
  }
  console.log(`Wrote ${files.size} icon files to ${outDir}`);
}

// Run only as a script, not when a test imports the helpers above.
if (process.argv[1] && /icons\.ts$/.test(process.argv[1])) {
  void main();
}
