/**
 * Just enough of the PNG, ICO and ICNS formats to check icon files in tests: sizes
 * from headers, and RGBA pixels from 8-bit non-interlaced PNGs (what resvg writes).
 */
import { inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  /** 6 = RGBA, 4 = grey + alpha, 2 = RGB, 0 = grey, 3 = palette. */
  readonly colorType: number;
  readonly interlace: number;
}

export function isPng(data: Buffer): boolean {
  return data.length > 8 && data.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Reads the IHDR chunk, which the format requires to come first. */
export function pngHeader(data: Buffer): PngHeader {
  if (!isPng(data)) throw new Error('not a PNG (bad signature)');
  if (data.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  return {
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
    bitDepth: data.readUInt8(24),
    colorType: data.readUInt8(25),
    interlace: data.readUInt8(28),
  };
}

export interface Rgba {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes, straight (not premultiplied) alpha. */
  readonly pixels: Buffer;
}

/** Decodes an 8-bit, non-interlaced RGBA or grey+alpha PNG to RGBA pixels. */
export function decodePng(data: Buffer): Rgba {
  const header = pngHeader(data);
  const channels = header.colorType === 6 ? 4 : header.colorType === 4 ? 2 : 0;
  if (header.bitDepth !== 8 || channels === 0 || header.interlace !== 0) {
    throw new Error(`unsupported PNG layout ${JSON.stringify(header)}`);
  }
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const { width, height } = header;
  const stride = width * channels;
  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (out[(y - 1) * stride + x - channels] ?? 0) : 0;
      const v = line[x] ?? 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`bad PNG filter ${filter}`);
      out[y * stride + x] = (v + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: out };
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const grey = out[i * 2] ?? 0;
    rgba[i * 4] = grey;
    rgba[i * 4 + 1] = grey;
    rgba[i * 4 + 2] = grey;
    rgba[i * 4 + 3] = out[i * 2 + 1] ?? 0;
  }
  return { width, height, pixels: rgba };
}

export interface IcoEntry {
  /** Pixel size from the directory (0 there means 256). */
  readonly size: number;
  readonly format: 'png' | 'bmp';
  readonly data: Buffer;
}

export function readIco(data: Buffer): IcoEntry[] {
  if (data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an .ico');
  const count = data.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + i * 16;
    const size = data.readUInt8(at) || 256;
    const length = data.readUInt32LE(at + 8);
    const offset = data.readUInt32LE(at + 12);
    const image = data.subarray(offset, offset + length);
    return { size, format: isPng(image) ? 'png' : 'bmp', data: image };
  });
}

/** A 32-bit BMP icon entry (bottom-up BGRA) as top-down RGBA. */
export function decodeIcoBitmap(entry: IcoEntry): Rgba {
  const width = entry.data.readInt32LE(4);
  const height = entry.data.readInt32LE(8) / 2;
  if (entry.data.readUInt16LE(14) !== 32) throw new Error('only 32-bit icon bitmaps');
  const bgra = entry.data.subarray(entry.data.readUInt32LE(0));
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((height - 1 - y) * width + x) * 4;
      const to = (y * width + x) * 4;
      pixels[to] = bgra[from + 2] ?? 0;
      pixels[to + 1] = bgra[from + 1] ?? 0;
      pixels[to + 2] = bgra[from] ?? 0;
      pixels[to + 3] = bgra[from + 3] ?? 0;
    }
  }
  return { width, height, pixels };
}

export function readIcns(data: Buffer): Array<{ type: string; data: Buffer }> {
  if (data.toString('latin1', 0, 4) !== 'icns') throw new Error('not an .icns');
  if (data.readUInt32BE(4) !== data.length) throw new Error('.icns length field is wrong');
  const entries: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at + 4);
    if (length < 8 || at + length > data.length) throw new Error('.icns entry overruns the file');
    entries.push({
      type: data.toString('latin1', at, at + 4),
      data: data.subarray(at + 8, at + length),
    });
    at += length;
  }
  return entries;
}
