import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { descriptionText } from '../../common/description';

// Builders for the TipTap/ProseMirror JSON the web app stores, to keep the fixtures readable.
type N = Record<string, unknown>;
const doc = (...content: N[]): N => ({ type: 'doc', content });
const p = (...content: N[]): N => ({ type: 'paragraph', content });
const t = (text: string, marks?: N[]): N =>
  marks ? { type: 'text', text, marks } : { type: 'text', text };
const h = (level: number, text: string): N => ({
  type: 'heading',
  attrs: { level },
  content: [t(text)],
});
const li = (...content: N[]): N => ({ type: 'listItem', content });
const ul = (...items: N[]): N => ({ type: 'bulletList', content: items });
const ol = (start: number | null, ...items: N[]): N => ({
  type: 'orderedList',
  attrs: { start },
  content: items,
});
const mention = (id: string, label: string | null): N => ({
  type: 'mention',
  attrs: { id, label },
});
const br: N = { type: 'hardBreak' };

/** A description as the web app writes one for a vendor review task. */
const vendorReview = doc(
  h(2, 'Annual review of Acme Cloud'),
  p(
    t('Hi '),
    mention('mem_8a7Hc2', 'Grace Hopper'),
    t(', please collect the '),
    t('SOC 2 Type II', [{ type: 'bold' }]),
    t(' report.'),
  ),
  p(),
  ul(li(p(t('Check the bridge letter'))), li(p(t('Update the risk score')))),
  ol(null, li(p(t('Download'))), li(p(t('Upload to evidence')))),
  p(t('Due Friday.'), br, t('Ask '), mention('mem_3', null), t(' if blocked.')),
);

describe('descriptionText: the forms a description arrives in', () => {
  it('gives empty text for null and undefined', () => {
    expect(descriptionText(null)).toBe('');
    expect(descriptionText(undefined)).toBe('');
  });

  it('gives a plain string back, trimmed', () => {
    expect(descriptionText('  Collect the SOC 2 report.\n')).toBe('Collect the SOC 2 report.');
    expect(descriptionText('Line one\nLine two')).toBe('Line one\nLine two');
  });

  it('renders a TipTap document as readable lines, whether sent as an object or a JSON string', () => {
    const expected = [
      'Annual review of Acme Cloud',
      'Hi @Grace Hopper, please collect the SOC 2 Type II report.',
      '• Check the bridge letter',
      '• Update the risk score',
      '1. Download',
      '2. Upload to evidence',
      'Due Friday.',
      'Ask @mem_3 if blocked.',
    ].join('\n');
    expect(descriptionText(vendorReview)).toBe(expected);
    expect(descriptionText(JSON.stringify(vendorReview))).toBe(expected);
    expect(descriptionText(`  ${JSON.stringify(vendorReview, null, 2)}\n`)).toBe(expected);
  });

  it('keeps a string that only looks like JSON as it is', () => {
    expect(descriptionText('{"owner":"security","sla":3}')).toBe('{"owner":"security","sla":3}');
    expect(descriptionText('{not json at all}')).toBe('{not json at all}');
    expect(descriptionText('{"type":"paragraph","content":[{"type":"text","text":"x"}]}')).toBe(
      '{"type":"paragraph","content":[{"type":"text","text":"x"}]}',
    );
    expect(descriptionText('[{"type":"doc"}]')).toBe('[{"type":"doc"}]');
    expect(descriptionText('{"type":"doc","content":[')).toBe('{"type":"doc","content":[');
  });

  it('shows an object that is no document as its JSON rather than hiding it', () => {
    expect(descriptionText({ owner: 'security' })).toBe('{"owner":"security"}');
    expect(descriptionText({})).toBe('');
  });

  it('renders a lone node or an array of nodes, which some writers send instead of a doc', () => {
    expect(descriptionText(p(t('Just a paragraph')))).toBe('Just a paragraph');
    expect(descriptionText([p(t('one')), p(t('two'))])).toBe('one\ntwo');
  });

  it('gives empty text for an empty document', () => {
    expect(descriptionText(doc())).toBe('');
    expect(descriptionText('{"type":"doc"}')).toBe('');
    expect(descriptionText(doc(p(), p()))).toBe('');
  });
});

describe('descriptionText: node types', () => {
  it('writes mentions as @label, or @id when the label is missing or blank', () => {
    expect(descriptionText(doc(p(mention('mem_1', 'Ada'))))).toBe('@Ada');
    expect(descriptionText(doc(p(mention('mem_1', null))))).toBe('@mem_1');
    expect(descriptionText(doc(p(mention('mem_1', ' '))))).toBe('@mem_1');
    expect(descriptionText(doc(p(t('cc '), { type: 'mention' })))).toBe('cc');
  });

  it('turns a hard break into a new line', () => {
    expect(descriptionText(doc(p(t('a'), br, t('b'), br, br, t('c'))))).toBe('a\nb\n\nc');
  });

  it('numbers ordered lists from their start attribute', () => {
    expect(descriptionText(doc(ol(7, li(p(t('seven'))), li(p(t('eight'))))))).toBe(
      '7. seven\n8. eight',
    );
  });

  it('indents nested lists and an item’s further paragraphs under their marker', () => {
    const nested = doc(
      ul(
        li(
          p(t('parent')),
          p(t('more about parent')),
          ol(1, li(p(t('child a'))), li(p(t('child b')))),
        ),
        li(p(t('sibling'))),
      ),
    );
    expect(descriptionText(nested)).toBe(
      ['• parent', '  more about parent', '  1. child a', '  2. child b', '• sibling'].join('\n'),
    );
  });

  it('keeps a code block’s lines and indentation', () => {
    const code = {
      type: 'codeBlock',
      attrs: { language: 'sh' },
      content: [t('curl \\\n  -H "X: y"\n  https://x')],
    };
    expect(descriptionText(doc(p(t('Run:')), code))).toBe(
      'Run:\ncurl \\\n  -H "X: y"\n  https://x',
    );
  });

  it('marks quotes, task lists, rules and table rows so their shape survives', () => {
    const rich = doc(
      { type: 'blockquote', content: [p(t('quoted'))] },
      { type: 'horizontalRule' },
      {
        type: 'taskList',
        content: [
          { type: 'taskItem', attrs: { checked: true }, content: [p(t('done'))] },
          { type: 'taskItem', attrs: { checked: false }, content: [p(t('open'))] },
        ],
      },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [p(t('Control'))] },
              { type: 'tableHeader', content: [p(t('Owner'))] },
            ],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [p(t('CC6.1'))] },
              { type: 'tableCell', content: [p(mention('mem_1', 'Ada'))] },
            ],
          },
        ],
      },
    );
    expect(descriptionText(rich)).toBe(
      ['> quoted', '---', '☑ done', '☐ open', 'Control | Owner', 'CC6.1 | @Ada'].join('\n'),
    );
  });

  it('shows the text inside node types it does not know, inline or block', () => {
    const future = doc(
      { type: 'callout', attrs: { tone: 'warn' }, content: [p(t('Expires soon'))] },
      p(t('See '), { type: 'fancyLink', content: [t('the policy')] }, t(' first.')),
    );
    expect(descriptionText(future)).toBe('Expires soon\nSee the policy first.');
  });

  it('uses an image’s alt text and skips nodes and children that are not nodes', () => {
    const odd = doc(
      p(t('Logo: '), { type: 'image', attrs: { src: 'https://x/y.png', alt: 'Acme logo' } }),
      p({ type: 'image', attrs: { src: 'https://x/z.png' } }),
      { type: 'paragraph', content: [42, null, 'stray', t('kept')] } as unknown as N,
      { type: 'paragraph', content: 'not an array' } as unknown as N,
    );
    expect(descriptionText(odd)).toBe('Logo: Acme logo\nkept');
  });
});

describe('descriptionText: hostile input', () => {
  it('does not overflow the stack on deeply nested junk, as an object or as a JSON string', () => {
    const depth = 200_000;
    const asString = `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(depth)}${']}'.repeat(depth)}]}`;
    expect(descriptionText(asString)).toBe('');
    let inner: N = t('bottom');
    for (let i = 0; i < depth; i += 1) inner = { type: 'blockquote', content: [inner] };
    expect(descriptionText(doc(inner))).toBe('');
  });

  it('still shows text nested as deep as real documents go', () => {
    let list: N = ul(li(p(t('deepest'))));
    for (let i = 0; i < 10; i += 1) list = ul(li(p(t(`level ${i}`)), list));
    expect(descriptionText(doc(list))).toContain('• deepest');
  });

  it('does not loop on a cyclic or exponentially shared object', () => {
    const cyclic: N = { type: 'doc', content: [] };
    (cyclic.content as N[]).push(p(t('once')), cyclic, cyclic);
    expect(descriptionText(cyclic)).toContain('once');
  });

  it('gives empty text, not an exception, for an object whose properties throw', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
      },
    );
    expect(descriptionText(trap)).toBe('');
    expect(descriptionText(doc(trap as N))).toBe('');
  });

  it('keeps every line of a very long code block', () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => `line ${i}`);
    const text = descriptionText(doc({ type: 'codeBlock', content: [t(lines.join('\n'))] }));
    expect(text.split('\n')).toHaveLength(300_000);
    expect(text.endsWith('line 299999')).toBe(true);
  });
});

// ---- properties ----

const word = fc.stringMatching(/^[a-z]{1,8}$/);

/** Random documents from the node types the web app's editor produces, plus unknown ones. */
const { block } = fc.letrec<{ inline: N; block: N }>((tie) => ({
  inline: fc.oneof(
    { weight: 4, arbitrary: word.map((w) => t(w)) },
    {
      weight: 1,
      arbitrary: fc.tuple(word, fc.option(word)).map(([id, label]) => mention(id, label)),
    },
    { weight: 1, arbitrary: fc.constant(br) },
  ),
  block: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'doc' },
    fc.array(tie('inline'), { maxLength: 5 }).map((c) => p(...c)),
    word.map((w) => h(1, w)),
    fc.array(tie('block'), { minLength: 1, maxLength: 3 }).map((c) => ul(...c.map((b) => li(b)))),
    fc
      .array(tie('block'), { minLength: 1, maxLength: 3 })
      .map((c) => ol(1, ...c.map((b) => li(b)))),
    fc.array(tie('block'), { maxLength: 3 }).map((c) => ({ type: 'blockquote', content: c })),
    fc
      .array(word, { maxLength: 3 })
      .map((ws) => ({ type: 'codeBlock', content: [t(ws.join('\n'))] })),
    fc.array(tie('block'), { maxLength: 3 }).map((c) => ({ type: 'somethingNew', content: c })),
  ),
}));
const docArb = fc.array(block, { maxLength: 6 }).map((c) => doc(...c));

/** The words a person should be able to read, in document order. */
function wordsOf(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const n = node as N;
  if (typeof n.text === 'string') return n.text.split('\n').filter((w) => w !== '');
  if (n.type === 'mention') {
    const attrs = n.attrs as { id: string; label: string | null };
    return [attrs.label ?? attrs.id];
  }
  return Array.isArray(n.content) ? n.content.flatMap(wordsOf) : [];
}

describe('descriptionText: properties', () => {
  it('never throws and always gives a string, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), docArb, fc.string()), (value) => {
        expect(typeof descriptionText(value)).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('gives any string that is not a JSON document back unchanged but trimmed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        let isDoc: boolean;
        try {
          const parsed: unknown = JSON.parse(text);
          isDoc = typeof parsed === 'object' && parsed !== null && (parsed as N).type === 'doc';
        } catch {
          isDoc = false;
        }
        fc.pre(!isDoc);
        expect(descriptionText(text)).toBe(text.trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('shows every word of a document, in order, and the same text for the object and its JSON', () => {
    fc.assert(
      fc.property(docArb, (d) => {
        const text = descriptionText(d);
        expect(descriptionText(JSON.stringify(d))).toBe(text);
        let from = 0;
        for (const w of wordsOf(d)) {
          const at = text.indexOf(w, from);
          expect(at, `"${w}" missing after index ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
          from = at + w.length;
        }
        // Tidy: no blank lines at the ends, never more than one in a row, no trailing spaces.
        expect(text).not.toMatch(/^\n|\n$|\n\n\n|[ \t]\n/);
      }),
      { numRuns: 1000 },
    );
  });
});
