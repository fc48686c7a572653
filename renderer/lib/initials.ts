/**
 * One or two letters that stand for an organization when it has no logo.
 * Works on user-perceived characters (Array.from), so accented and non-Latin
 * names keep whole letters; falls back to "?" rather than an empty badge.
 */
export function initials(name: string | null | undefined, fallback?: string | null): string {
  const source = (name ?? '').trim() || (fallback ?? '').trim();
  const words = source
    .split(/[\s\-_.]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const second = words.length > 1 ? Array.from(words[1]!)[0]! : '';
  return (first + second).toLocaleUpperCase();
}
