import { readFile } from 'node:fs/promises';
import { listFiles } from './temp-dir';

/** docs/ARCHITECTURE.md, invariant 1 counts any run of this many characters of a secret. */
export const RUN = 8;

const windows = (text: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i + RUN <= text.length; i++) out.push(text.slice(i, i + RUN));
  return out;
};

/** Whitespace, punctuation and symbols: what may stand between the characters of a key spelled out. */
const FILLER = /[\s\p{P}\p{S}]/gu;

/**
 * Every 8-character run of a secret as it could be written: as is, upper- and
 * lower-cased, URL-encoded, base64 (standard and URL-safe) from each of the
 * three byte offsets (so a run encoded on its own is found too), hex,
 * reversed, and as is and reversed without punctuation (how a key spelled
 * out reads once joined). Written apart from the app's guard on purpose: the
 * scanner must not share its bugs.
 */
export function secretRuns(secret: string): string[] {
  const reversed = [...secret].reverse().join('');
  const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('hex'), reversed];
  forms.push(secret.replace(FILLER, ''), reversed.replace(FILLER, ''));
  for (const offset of [0, 1, 2]) {
    const b64 = Buffer.from(secret.slice(offset)).toString('base64').replace(/=+$/, '');
    forms.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(forms.flatMap((f) => [f, f.toUpperCase(), f.toLowerCase()]).flatMap(windows))];
}

/**
 * The text, and the text as a person would read it: full-width and other
 * compatibility letters as ASCII (NFKC), and single characters spelled out
 * with punctuation or spaces between them joined ("c o m p" as "comp").
 */
const readings = (text: string): string[] => {
  const folded = text.normalize('NFKC');
  const joined = folded.replace(
    /(?<=(?:^|[\s\p{P}\p{S}])[^\s\p{P}\p{S}])[\s\p{P}\p{S}]{1,7}(?=[^\s\p{P}\p{S}](?:[\s\p{P}\p{S}]|$))/gu,
    '',
  );
  return [text, folded, joined];
};

/** The first run of any of the secrets found in the text (or in it as read), or null. */
export function findSecretRun(text: string, secrets: readonly string[]): string | null {
  const views = readings(text);
  for (const secret of secrets)
    for (const run of secretRuns(secret)) if (views.some((v) => v.includes(run))) return run;
  return null;
}

/** Files under `dir` (UTF-8 or UTF-16LE) holding a run of a secret, with the run found. */
export async function filesWithSecretRuns(
  dir: string,
  secrets: readonly string[],
): Promise<{ path: string; run: string }[]> {
  const hits: { path: string; run: string }[] = [];
  for (const path of await listFiles(dir)) {
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) continue;
    const run =
      findSecretRun(bytes.toString('utf8'), secrets) ??
      findSecretRun(bytes.toString('utf16le'), secrets);
    if (run) hits.push({ path, run });
  }
  return hits;
}
