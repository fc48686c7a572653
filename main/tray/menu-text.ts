import { displayText } from '../../common/display-text';

/** Menu labels longer than this are cut: a tray menu as wide as the screen helps nobody. */
export const MAX_LABEL_LENGTH = 48;

/**
 * One line of menu text from any string the service or the person gave us:
 * whitespace (newlines, tabs) collapsed, bidi and control characters
 * neutralised (display-text.ts), cut at a code point boundary so an emoji is
 * never split in half, "…" when cut.
 */
export function menuText(text: string, max: number = MAX_LABEL_LENGTH): string {
  const oneLine = displayText(text.replace(/\s+/g, ' ')).trim();
  const chars = Array.from(oneLine);
  if (chars.length <= max) return oneLine;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * Windows and Linux menus read "&" as "underline the next letter" (a
 * mnemonic); a task called "R&D review" would lose its "&". "&&" shows one.
 */
export function escapeMnemonics(label: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? label : label.replace(/&/g, '&&');
}
