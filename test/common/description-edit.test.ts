import { describe, expect, it } from 'vitest';
import { descriptionText } from '../../common/description';
import {
  descriptionDoc,
  descriptionToSend,
  editableDescription,
} from '../../common/description-edit';

const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const t = (text: string, marks?: unknown[]) => ({
  type: 'text',
  text,
  ...(marks ? { marks } : {}),
});
const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });

describe('editing a description as text, written back in its own form', () => {
  it('plain text stays plain text', () => {
    const from = editableDescription('Ask for the report.\nThen file it.');
    expect(from).toEqual({
      text: 'Ask for the report.\nThen file it.',
      form: 'plain',
      wouldLose: [],
    });
    expect(descriptionToSend('Ask for the 2025 report.\r\nThen file it.', from)).toBe(
      'Ask for the 2025 report.\nThen file it.',
    );
    expect(descriptionToSend('First text.', editableDescription(null))).toBe('First text.');
  });

  it('a document of paragraphs and line breaks round-trips: the web app gets a document back', () => {
    const wire = doc(
      p(t('Ask Daniel for the report.'), { type: 'hardBreak' }, t('Then file it.')),
      p(t('Due Friday.')),
    );
    const from = editableDescription(wire);
    expect(from).toEqual({
      text: 'Ask Daniel for the report.\nThen file it.\n\nDue Friday.',
      form: 'doc',
      wouldLose: [],
    });
    const sent = descriptionToSend(`${from.text}\n\nAdded a line.`, from);
    const back = descriptionDoc(sent);
    expect(back).toEqual({
      type: 'doc',
      content: [
        p(t('Ask Daniel for the report.'), { type: 'hardBreak' }, t('Then file it.')),
        p(t('Due Friday.')),
        p(t('Added a line.')),
      ],
    });
    // Read again, it is the text that was typed, and what the popup shows of it.
    expect(editableDescription(sent).text).toBe(`${from.text}\n\nAdded a line.`);
    expect(descriptionText(sent)).toContain('Added a line.');
  });

  it('a document given as an object is a document too', () => {
    const from = editableDescription({ type: 'doc', content: [p(t('One.'))] });
    expect(from).toMatchObject({ text: 'One.', form: 'doc', wouldLose: [] });
  });

  it('names what plain text cannot keep: a table, images, mentions, headings, lists, bold', () => {
    const wire = doc(
      { type: 'heading', attrs: { level: 2 }, content: [t('Scope')] },
      p(
        t('Ask '),
        { type: 'mention', attrs: { id: 'mem_1', label: 'Daniel' } },
        t(' now', [{ type: 'bold' }]),
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('a'))] }] },
      {
        type: 'table',
        content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [p(t('x'))] }] }],
      },
      { type: 'image', attrs: { src: 'https://example.com/a.png' } },
    );
    const from = editableDescription(wire);
    expect(from.form).toBe('doc');
    expect(from.wouldLose).toEqual(
      expect.arrayContaining(['headings', 'mentions', 'bold text', 'lists', 'a table', 'images']),
    );
    // The text keeps what it can: the mention by name, every paragraph's words.
    expect(from.text).toContain('Ask @Daniel now');
    expect(from.text).toContain('Scope');
  });

  it('a string that only looks like JSON is plain text', () => {
    expect(editableDescription('{not json').form).toBe('plain');
    expect(editableDescription('{"type":"note"}').form).toBe('plain');
  });

  it('empty paragraphs come back as empty paragraphs', () => {
    const from = editableDescription(doc(p(t('a')), { type: 'paragraph' }, p(t('b'))));
    expect(from.text).toBe('a\n\n\n\nb');
    expect(descriptionDoc(descriptionToSend(from.text, from))).toEqual({
      type: 'doc',
      content: [p(t('a')), { type: 'paragraph' }, p(t('b'))],
    });
  });

  it('names alignment and the parts of lists and tables once', () => {
    const from = editableDescription(
      doc(
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [t('x')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('a'))] }] },
      ),
    );
    expect(from.wouldLose).toEqual(['alignment and indentation', 'lists']);
  });

  it('a description too long to keep whole is never saved over without saying so', () => {
    // What main keeps of a description over its bound: the first 20,000 characters of its text.
    const cut = `${'x'.repeat(19_999)}…`;
    const from = editableDescription(cut);
    expect(from.form).toBe('doc');
    expect(from.wouldLose).toEqual([
      'the rest of a description too long for Task Tray to keep whole',
    ]);
  });
});
