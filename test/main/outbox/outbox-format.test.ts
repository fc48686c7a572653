import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../../../common/task';
import type { OutboxEntry } from '../../../main/outbox/outbox-entry';
import { parseOutbox, serializeOutbox } from '../../../main/outbox/outbox-format';

const entryArb: fc.Arbitrary<OutboxEntry> = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
  profileId: fc.stringMatching(/^profile_[a-f0-9]{16}$/),
  taskId: fc.stringMatching(/^tski_[A-Za-z0-9]{1,20}$/),
  patch: fc.oneof(
    fc.record({ status: fc.constantFrom(...TASK_STATUSES) }),
    // Titles carry anything a person types: quotes, newlines, emoji, line separators.
    fc.record({
      title: fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
        .filter((t) => t.trim() === t && t !== ''),
    }),
  ),
  createdAt: fc.constant('2026-03-01T10:00:00.000Z'),
});

describe('the outbox file format', () => {
  it('reads back exactly what it wrote', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 20 }), (entries) => {
        expect(parseOutbox(serializeOutbox(entries))).toEqual({ kind: 'ok', entries });
      }),
    );
  });

  it('a file cut short anywhere gives back every entry written whole before the cut', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (entries, where) => {
          const text = serializeOutbox(entries);
          const cut = Math.floor(text.length * where);
          const torn = text.slice(0, cut);
          const reading = parseOutbox(torn);
          if (cut === text.length || reading.kind === 'ok') return;
          expect(reading.kind).toBe('damaged');
          if (reading.kind !== 'damaged') return;
          // Whole lines before the cut are recovered, in order; at most the one cut line is lost.
          const whole = entries.filter((e) => {
            const line = JSON.stringify(e);
            const at = text.indexOf(line);
            return at >= 0 && at + line.length <= cut;
          });
          expect(reading.entries).toEqual(whole);
          expect(reading.lost).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('a pretty-printed file (an editor reformatted it) cut short anywhere gives back every entry whole before the cut', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (entries, where) => {
          const text = JSON.stringify({ version: 1, entries }, null, 2);
          const cut = Math.floor(text.length * where);
          const reading = parseOutbox(text.slice(0, cut));
          if (cut === text.length) return;
          expect(reading.kind).toBe('damaged');
          if (reading.kind !== 'damaged') return;
          // The entries whose closing brace is before the cut, and at most the one cut through.
          const whole = entries.filter((e) => {
            const block = JSON.stringify(e, null, 2).replace(/\n/g, '\n    ');
            const at = text.indexOf(block);
            return at >= 0 && at + block.length <= cut;
          });
          expect(reading.entries).toEqual(whole);
          expect(reading.lost).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('counts no lost change in JSON that holds none, and reads a bare list of changes', () => {
    for (const text of ['[]', 'null', '{}', '"text"', '{"version":1}'])
      expect(parseOutbox(text)).toEqual({ kind: 'damaged', entries: [], lost: 0 });
    const entry = {
      id: 'e1',
      profileId: 'profile_0123456789abcdef',
      taskId: 'tski_abc1',
      patch: { title: 'Say "}{" and \\ here' },
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    expect(parseOutbox(JSON.stringify([entry, { id: 'bad' }]))).toEqual({
      kind: 'damaged',
      entries: [entry],
      lost: 1,
    });
    // Without its version, the entries are still read one by one; one change alone too.
    expect(parseOutbox(JSON.stringify({ entries: [entry] }))).toEqual({
      kind: 'damaged',
      entries: [entry],
      lost: 0,
    });
    for (const alone of [JSON.stringify(entry), `${JSON.stringify(entry)}\n`])
      expect(parseOutbox(alone)).toEqual({ kind: 'damaged', entries: [entry], lost: 0 });
  });

  it('gives back changes joined on one line, or laid out over several, in a file cut short', () => {
    const entries = ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      profileId: 'profile_0123456789abcdef',
      taskId: `tski_${id}1`,
      patch: { status: 'done' as const },
      createdAt: '2026-03-01T10:00:00.000Z',
    }));
    const [a, b, c, d] = entries.map((e) => JSON.stringify(e));
    const frame = (body: string) => `{"version":1,"entries":[\n${body}\n]}`.slice(0, -3);
    // Two changes joined on one line (a hand edit), then the file cut short.
    expect(parseOutbox(frame(`${a},${b},\n${c},\n${d}`))).toEqual({
      kind: 'damaged',
      entries,
      lost: 0,
    });
    // One change laid out over several lines.
    const pretty = JSON.stringify(entries[1], null, 2);
    expect(parseOutbox(frame(`${a},\n${pretty},\n${c},\n${d}`))).toEqual({
      kind: 'damaged',
      entries,
      lost: 0,
    });
  });

  it('counts a line of garbage or a zero-filled tail as lost, beside the changes it gives back', () => {
    const entries = ['a', 'b', 'c'].map((id) => ({
      id,
      profileId: 'profile_0123456789abcdef',
      taskId: `tski_${id}1`,
      patch: { status: 'done' as const },
      createdAt: '2026-03-01T10:00:00.000Z',
    }));
    const lines = serializeOutbox(entries).split('\n');
    const garbled = lines.map((l) => (l.includes('"id":"b"') ? 'x#!garbage,' : l)).join('\n');
    expect(parseOutbox(garbled)).toMatchObject({ kind: 'damaged', lost: 1 });
    expect(parseOutbox(garbled)).toMatchObject({
      entries: [entries[0], entries[2]],
    });
    const text = serializeOutbox(entries);
    const at = text.indexOf('{"id":"c"');
    const zeroed = text.slice(0, at) + '\0'.repeat(text.length - at);
    expect(parseOutbox(zeroed)).toEqual({
      kind: 'damaged',
      entries: entries.slice(0, 2),
      lost: 1,
    });
  });

  it('drops entries that do not validate, counts them, and keeps the rest', () => {
    const good: OutboxEntry = {
      id: 'a1',
      profileId: 'profile_0123456789abcdef',
      taskId: 'tski_abc',
      patch: { status: 'done' },
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    const text = JSON.stringify({
      version: 1,
      entries: [
        good,
        { ...good, id: 'a2', patch: { status: 'archived' } },
        { ...good, id: 'a3', taskId: '../../etc/passwd' },
        { ...good, id: 'a4', patch: {} },
        { ...good, id: 'a5', patch: { status: 'done', apiKey: 'comp_x' } },
        { ...good, id: 'a6', patch: { title: null } },
        'not an entry',
      ],
    });
    expect(parseOutbox(text)).toEqual({ kind: 'damaged', entries: [good], lost: 6 });
  });

  it('refuses prototype-pollution keys and never pollutes', () => {
    const line = `{"id":"p1","profileId":"profile_x","taskId":"tski_a","patch":{"status":"done","__proto__":{"polluted":true}},"createdAt":"2026-03-01T10:00:00.000Z","constructor":{"prototype":{"polluted":true}}}`;
    const reading = parseOutbox(`{"version":1,"entries":[\n${line}\n]}`);
    expect(reading).toMatchObject({ kind: 'damaged', entries: [], lost: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves a file from a newer Task Tray alone', () => {
    expect(parseOutbox('{"version":7,"entries":[]}')).toEqual({ kind: 'future', version: 7 });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'hello'],
    ['the wrong shape', '[1,2,3]'],
    ['no version', '{"entries":[]}'],
    ['binary noise', '\u0000\u0001\uFFFD'],
  ])('reads %s as damaged with nothing to recover', (_what, text) => {
    expect(parseOutbox(text)).toMatchObject({ kind: 'damaged', entries: [] });
  });

  it('takes a byte-order mark in its stride', () => {
    const text = serializeOutbox([]);
    expect(parseOutbox(`\uFEFF${text}`)).toEqual({ kind: 'ok', entries: [] });
  });
});
