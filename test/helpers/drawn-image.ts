import { crc32, deflateSync } from 'node:zlib';
import type {
  CaptureImage,
  CaptureRect,
  CaptureSize,
  ScreenPermission,
} from '../../main/capture/capture-port';

/**
 * A picture drawn in memory, with the methods of Electron's NativeImage the
 * capture uses: what the tests' "screen" returns, so the capture runs end to
 * end without one. Its PNG is a real one (the evidence checks its bytes).
 */
export class DrawnImage implements CaptureImage {
  private constructor(
    private readonly width: number,
    private readonly height: number,
    /** RGBA, row by row. */
    readonly pixels: Uint8Array,
  ) {}

  /** A screen-like picture: a title bar, a window and a few bars, in `hue`'s colours. */
  static screen(size: CaptureSize, hue = 210): DrawnImage {
    const { width, height } = size;
    const pixels = new Uint8Array(width * height * 4);
    const [r, g, b] = hue === 210 ? [40, 90, 160] : [150, 60, 60];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        const bar = y < height * 0.05;
        const win = x > width * 0.15 && x < width * 0.7 && y > height * 0.2 && y < height * 0.75;
        const line = win && Math.floor((y / height) * 40) % 4 === 0 && x < width * 0.6;
        const shade = bar ? 30 : line ? 120 : win ? 245 : 0;
        pixels.set(
          win || bar
            ? [shade, shade, shade + (bar ? 10 : 0), 255]
            : [r, g + (y * 60) / height, b, 255],
          at,
        );
      }
    return new DrawnImage(width, height, pixels);
  }

  static empty(): DrawnImage {
    return new DrawnImage(0, 0, new Uint8Array(0));
  }

  isEmpty(): boolean {
    return this.width === 0 || this.height === 0;
  }

  getSize(): CaptureSize {
    return { width: this.width, height: this.height };
  }

  crop(rect: CaptureRect): DrawnImage {
    const out = new Uint8Array(rect.width * rect.height * 4);
    for (let y = 0; y < rect.height; y++) {
      const from = ((rect.y + y) * this.width + rect.x) * 4;
      out.set(this.pixels.subarray(from, from + rect.width * 4), y * rect.width * 4);
    }
    return new DrawnImage(rect.width, rect.height, out);
  }

  /** Nearest neighbour: enough for a preview. */
  resize(size: CaptureSize): DrawnImage {
    const out = new Uint8Array(size.width * size.height * 4);
    for (let y = 0; y < size.height; y++)
      for (let x = 0; x < size.width; x++) {
        const sx = Math.floor((x * this.width) / size.width);
        const sy = Math.floor((y * this.height) / size.height);
        const from = (sy * this.width + sx) * 4;
        out.set(this.pixels.subarray(from, from + 4), (y * size.width + x) * 4);
      }
    return new DrawnImage(size.width, size.height, out);
  }

  /** As desktopCapturer makes a thumbnail: scaled to fit the box, its shape kept; empty for a 0 box. */
  fitIn(box: CaptureSize): DrawnImage {
    const scale = Math.min(box.width / this.width, box.height / this.height);
    if (!(scale > 0)) return DrawnImage.empty();
    return this.resize({
      width: Math.max(1, Math.round(this.width * scale)),
      height: Math.max(1, Math.round(this.height * scale)),
    });
  }

  toPNG(): Buffer {
    const rows = Buffer.alloc((this.width * 4 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      const start = y * (this.width * 4 + 1);
      rows[start] = 0; // No filter.
      rows.set(this.pixels.subarray(y * this.width * 4, (y + 1) * this.width * 4), start + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA.
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  toDataURL(): string {
    return `data:image/png;base64,${this.toPNG().toString('base64')}`;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A screen for the tests: sources with pictures, a permission to say, what was grabbed. */
export function drawnScreen(opts: { permission?: () => ScreenPermission } = {}) {
  const size = { width: 1280, height: 800 };
  const grabbed: string[] = [];
  const settingsOpened: number[] = [];
  const pictures: Record<string, DrawnImage> = {
    'screen:1:0': DrawnImage.screen(size),
    'window:42:0': DrawnImage.screen({ width: 900, height: 600 }, 0),
  };
  const names: Record<string, string> = {
    'screen:1:0': 'Entire screen',
    'window:42:0': 'Access review — Spreadsheet',
  };
  return {
    grabbed,
    settingsOpened,
    port: {
      platform: 'linux' as NodeJS.Platform,
      permission: opts.permission ?? (() => 'granted' as const),
      sources: async (thumb: CaptureSize) =>
        Object.entries(pictures).map(([id, image]) => ({
          id,
          name: names[id]!,
          thumbnail: image.fitIn(thumb),
        })),
      grab: async (id: string) => {
        grabbed.push(id);
        return pictures[id] ?? null;
      },
      openSettings: async () => void settingsOpened.push(Date.now()),
    },
  };
}
