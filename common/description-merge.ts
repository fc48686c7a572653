/**
 * Which of a rich description's blocks an edit left as they were. The person
 * edits the text of a document (each top-level block: one or more paragraphs
 * of text); what goes back keeps every block whose paragraphs are still
 * there, whole and together, as the block it was (its mentions, links, list
 * or table), and builds the rest from the text. One line changed is one
 * block rebuilt, not the document flattened.
 */

/** A piece of the new document: a block kept as it was, or a paragraph of the new text. */
export type Piece = { readonly block: number } | { readonly text: string };

/** Past this many cells the middle of an edit is not compared: rebuilt from the text instead. */
const MAX_CELLS = 1_000_000;

interface Token {
  readonly block: number;
  readonly text: string;
}

/** For each old paragraph, the new paragraph it is (by a longest common subsequence), or -1. */
function matchParagraphs(old: readonly Token[], now: readonly string[]): Int32Array {
  const match = new Int32Array(old.length).fill(-1);
  let start = 0;
  while (start < old.length && start < now.length && old[start]!.text === now[start]) {
    match[start] = start;
    start++;
  }
  let endOld = old.length;
  let endNow = now.length;
  while (endOld > start && endNow > start && old[endOld - 1]!.text === now[endNow - 1]) {
    endOld--;
    endNow--;
    match[endOld] = endNow;
  }
  const n = endOld - start;
  const m = endNow - start;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_CELLS) return match;
  // lcs[i][j]: the longest common run of old[start+i..] and now[start+j..].
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] =
        old[start + i]!.text === now[start + j]
          ? lcs[(i + 1) * w + j + 1]! + 1
          : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (old[start + i]!.text === now[start + j]) {
      match[start + i] = start + j;
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) i++;
    else j++;
  }
  return match;
}

/**
 * The new document as pieces, and which old blocks it keeps. `blocks` holds
 * each old block's paragraphs of text; `paragraphs` the edited text's.
 */
export function mergePlan(
  blocks: readonly (readonly string[])[],
  paragraphs: readonly string[],
): { readonly pieces: readonly Piece[]; readonly kept: ReadonlySet<number> } {
  const old: Token[] = blocks.flatMap((texts, block) => texts.map((text) => ({ block, text })));
  const match = matchParagraphs(old, paragraphs);
  const kept = new Set<number>();
  let at = 0;
  blocks.forEach((texts, block) => {
    const first = match[at] ?? -1;
    // Kept: every paragraph of the block is still there, one after another.
    if (texts.length > 0 && first >= 0 && texts.every((_, k) => match[at + k] === first + k))
      kept.add(block);
    at += texts.length;
  });
  const ownerOf = new Map<number, Token & { readonly first: boolean }>();
  old.forEach((t, i) => {
    const j = match[i]!;
    if (j >= 0 && kept.has(t.block))
      ownerOf.set(j, { ...t, first: i === 0 || old[i - 1]!.block !== t.block });
  });
  const pieces: Piece[] = [];
  paragraphs.forEach((text, j) => {
    const owner = ownerOf.get(j);
    if (!owner) pieces.push({ text });
    else if (owner.first) pieces.push({ block: owner.block });
  });
  return { pieces, kept };
}
