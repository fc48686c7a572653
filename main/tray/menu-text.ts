import { displayText } from '../../common/display-text';

/** Menu labels longer than this are cut: a tray menu as wide as the screen helps nobody. */
export const MAX_LABEL_LENGTH = 48;

/**
 * One line of menu text from any string the service or the person gave us:
 * whitespace (newlines, tabs) collapsed, bidi and control characters
 * neutralised (display-text.ts), cut at a word boundary where there is one
 * in the last third (at a code point boundary otherwise, so an emoji is
 * never split in half), "…" when cut.
 */
export function menuText(text: string, max: number = MAX_LABEL_LENGTH): string {
  const oneLine = displayText(text.replace(/\s+/g, ' ')).trim();
  const chars = Array.from(oneLine);
  if (chars.length <= max) return oneLine;
  const head = chars.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  const cut = space >= Math.floor((max * 2) / 3) ? head.slice(0, space) : head;
  return `${cut.join('').replace(/[\s,;:·—-]+$/u, '')}…`;
}

/**
 * Windows and Linux menus read "&" as "underline the next letter" (a
 * mnemonic); a task called "R&D review" would lose its "&". "&&" shows one.
 */
export function escapeMnemonics(label: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? label : label.replace(/&/g, '&&');
}
