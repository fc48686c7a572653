import { describe, expect, it } from 'vitest';
import { displayText } from '../../common/display-text';

describe('displayText', () => {
  it('removes bidi overrides, so a title reads in the order it is stored', () => {
    // "Invoice \u202Etxt.exe" shows as "Invoice exe.txt" where the override is obeyed.
    expect(displayText('Invoice \u202Etxt.exe')).toBe('Invoice txt.exe');
    expect(
      displayText('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl'),
    ).toBe('abcdefghijkl');
  });

  it('removes invisible characters that make two names look alike', () => {
    expect(displayText('Acme\u200B Corp\uFEFF\u2060')).toBe('Acme Corp');
  });

  it('shows other control characters as �, and leaves tab and newline to the caller', () => {
    expect(displayText('bell\u0007 esc\u001B[31m del\u007F csi\u009B')).toBe(
      'bell\uFFFD esc\uFFFD[31m del\uFFFD csi\uFFFD',
    );
    expect(displayText('a\tb\nc')).toBe('a\tb\nc');
  });

  it('keeps real text in every script whole, joiners included', () => {
    for (const text of [
      'Müller & Søn',
      'مراجعة العقد',
      'רשימת ספקים',
      'नमस्ते',
      '👩‍💻 review',
      'می‌خواهم',
    ])
      expect(displayText(text)).toBe(text);
  });
});
