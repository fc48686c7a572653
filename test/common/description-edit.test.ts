import { describe, expect, it } from 'vitest';
import { descriptionText } from '../../common/description';
import {
  descriptionDoc,
  descriptionEdit,
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
    expect(from).toMatchObject({
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

describe('editing one line of a rich description keeps the rest as it was', () => {
  const mention = (label: string) => ({ type: 'mention', attrs: { id: 'usr_1', label } });
  const list = (...items: string[]) => ({
    type: 'bulletList',
    content: items.map((i) => ({ type: 'listItem', content: [p(t(i))] })),
  });
  const withMention = p(t('Ask '), mention('Maya Chen'), t(' for the report.'));
  const bold = p(t('Due ', [{ type: 'bold' }]), t('Friday.'));
  const wire = doc(withMention, p(t('Then file it.')), list('SOC 2', 'ISO 27001'), bold);

  it('the paragraphs not changed go back as they were: mentions, lists, bold kept', () => {
    const from = editableDescription(wire);
    expect(from.text).toBe(
      'Ask @Maya Chen for the report.\n\nThen file it.\n\nSOC 2\n\nISO 27001\n\nDue Friday.',
    );
    const edit = descriptionEdit(
      from.text.replace('Then file it.', 'Then file it in Drive.'),
      from,
    );
    // Only the edited paragraph was plain: nothing is lost, no confirmation is needed.
    expect(edit.wouldLose).toEqual([]);
    expect(descriptionDoc(edit.send)).toEqual({
      type: 'doc',
      content: [withMention, p(t('Then file it in Drive.')), list('SOC 2', 'ISO 27001'), bold],
    });
  });

  it('lines added, removed and moved: the untouched blocks are kept, in the new order', () => {
    const from = editableDescription(wire);
    const text = ['New first line.', 'SOC 2', 'ISO 27001', 'Ask @Maya Chen for the report.'].join(
      '\n\n',
    );
    const edit = descriptionEdit(text, from);
    const back = descriptionDoc(edit.send) as { content: unknown[] };
    // The list is kept whole; the mention's paragraph moved after it, so it is the one rebuilt.
    expect(back.content).toEqual([
      p(t('New first line.')),
      list('SOC 2', 'ISO 27001'),
      p(t('Ask @Maya Chen for the report.')),
    ]);
    // Losing the bold line and the moved mention is said, so it needs the person's yes.
    expect(edit.wouldLose).toEqual(['mentions', 'bold text']);
  });

  it('editing inside a list or the mention paragraph names what that block loses', () => {
    const from = editableDescription(wire);
    expect(descriptionEdit(from.text.replace('ISO 27001', 'ISO 27002'), from).wouldLose).toEqual([
      'lists',
    ]);
    expect(
      descriptionEdit(from.text.replace('for the report', 'for the audit report'), from).wouldLose,
    ).toEqual(['mentions']);
    // Nothing changed: the document goes back exactly as it came.
    expect(descriptionDoc(descriptionEdit(from.text, from).send)).toEqual(JSON.parse(wire));
  });

  it('a block with no text (an empty list) is an empty line: left alone, it stays', () => {
    const empty = { type: 'bulletList', content: [] };
    const from = editableDescription(doc(empty, p(t('One.')), empty, p(t('Two.'))));
    expect(from.text).toBe('\n\nOne.\n\n\n\nTwo.');
    const edit = descriptionEdit(from.text.replace('Two.', 'Two, edited.'), from);
    expect(descriptionDoc(edit.send)).toEqual({
      type: 'doc',
      content: [empty, p(t('One.')), empty, p(t('Two, edited.'))],
    });
    expect(edit.wouldLose).toEqual([]);
  });
});
