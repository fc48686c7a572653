import { clipboard } from 'electron';
import type { ClipboardContent } from './clipboard-evidence';

/** A platform's own clipboard format, as Electron surfaces one with no standard MIME type. */
const os = (name: string) => `electron application/osclipboard;format="${name}"`;

/**
 * Reads what clipboard-evidence.ts decides from: each platform's format for
 * files copied in its file manager, and the image as PNG. Only types the
 * clipboard says it has are read (getType rejects the others).
 */
export async function readClipboardEvidence(): Promise<ClipboardContent> {
  const items = await clipboard.read();
  const bytes = async (type: string): Promise<Uint8Array | undefined> => {
    const item = items.find((i) => i.types.includes(type));
    if (!item) return undefined;
    try {
      const blob: unknown = await item.getType(type);
      return blob instanceof Blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
    } catch {
      return undefined;
    }
  };
  const text = async (...types: string[]): Promise<string | undefined> => {
    for (const type of types) {
      const b = await bytes(type);
      if (b) return Buffer.from(b).toString('utf8');
    }
    return undefined;
  };
  return {
    uriList: await text('text/uri-list', os('text/uri-list')),
    gnomeFiles: await text(os('x-special/gnome-copied-files')),
    macFileUrl: await text(os('public.file-url')),
    windowsFileName: await bytes(os('FileNameW')),
    png: (await bytes('image/png')) ?? null,
  };
}
