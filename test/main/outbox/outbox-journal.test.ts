import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../../../common/task';
import { addChange, foldLane, laneOf, removeEntry } from '../../../main/outbox/outbox-entry';
import type { HeldEntry, OutboxEntry } from '../../../main/outbox/outbox-entry';
import {
  heldLine,
  journalRecords,
  parseJournal,
  replayJournal,
} from '../../../main/outbox/outbox-journal';

let n = 0;
const fresh = () => ({ id: `e${n++}`, createdAt: '2026-01-01T00:00:00.000Z' });
const strip = ({ durable: _d, ...e }: HeldEntry): OutboxEntry => e;
const entry = (id: string, taskId: string, status = 'done'): OutboxEntry => ({
  id,
  profileId: 'profile_a',
  taskId,
  patch: { status: status as 'done' },
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Records as the journal file holds them, read back. */
const readBack = (records: readonly string[]) =>
  parseJournal(records.map((r) => `${r}\n`).join('')).records;

/** What the outbox does to its list: add or merge a change, take an entry out, fold a lane. */
type Step =
  | { kind: 'change'; task: string; status: (typeof TASK_STATUSES)[number]; sending: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'fold'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('change' as const),
    task: fc.constantFrom('tski_a', 'tski_b', 'tski_c', 'tski_d'),
    status: fc.constantFrom(...TASK_STATUSES),
    sending: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('fold' as const), pick: fc.nat() }),
);

const apply = (es: HeldEntry[], step: Step): HeldEntry[] => {
  if (step.kind === 'change') {
    const first = es.find((e) => e.taskId === step.task);
    const sending = step.sending && first ? first.id : null;
    const change = { profileId: 'profile_a', taskId: step.task, patch: { status: step.status } };
    return addChange(es, { ...change, durable: true }, sending, fresh()).entries;
  }
  const picked = es[step.pick % Math.max(1, es.length)];
  if (!picked) return es;
  return step.kind === 'remove' ? removeEntry(es, picked.id) : foldLane(es, laneOf(picked));
};

describe('the outbox journal', () => {
  it('says in records what the outbox did to its list: replayed, they give that list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(stepArb, { maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        (batches) => {
          let es: HeldEntry[] = [];
          for (const batch of batches) {
            const before = es.map(strip);
            es = batch.reduce(apply, es);
            const after = es.map(strip);
            const records = journalRecords(before.map(heldLine), after.map(heldLine));
            expect(records).not.toBeNull();
            const replayed = replayJournal(before, readBack(records ?? []));
            expect(replayed).toEqual(after);
            // Replayed again on the list they produced (the file rewritten before the journal
            // was emptied, then a crash): the same list.
            expect(replayJournal(after, readBack(records ?? []))).toEqual(after);
          }
        },
      ),
    );
  });

  it('says nothing when nothing changed, and only what changed otherwise', () => {
    const list = [entry('a', 'tski_a'), entry('b', 'tski_b')];
    expect(journalRecords(list.map(heldLine), list.map(heldLine))).toEqual([]);
    const next = [entry('a', 'tski_a', 'todo'), entry('c', 'tski_c')];
    expect(readBack(journalRecords(list.map(heldLine), next.map(heldLine)) ?? [])).toEqual([
      { del: 'b' },
      { put: next[0] },
      { put: next[1] },
    ]);
  });

  it('gives up (the list is then written whole) when records cannot say the new order', () => {
    const a = entry('a', 'tski_a');
    const b = entry('b', 'tski_b');
    const c = entry('c', 'tski_c');
    const lines = (...es: OutboxEntry[]) => es.map(heldLine);
    expect(journalRecords(lines(a, b), lines(c, a, b))).toBeNull();
    expect(journalRecords(lines(a, b), lines(b, a))).toBeNull();
    expect(journalRecords(lines(a), lines(a, a))).toBeNull();
  });

  it('drops an append cut short, without calling it damage; counts lines that are not records', () => {
    const whole = `{"put":${JSON.stringify(entry('a', 'tski_a'))}}\n{"del":"a"}\n`;
    const cut = `${whole}{"put":{"id":"b","prof`;
    expect(parseJournal(cut)).toEqual({
      records: [{ put: entry('a', 'tski_a') }, { del: 'a' }],
      lost: 0,
    });
    const damaged = parseJournal(
      [
        'not json',
        '{"put":{"id":"x"}}',
        '{"del":"has spaces"}',
        '{"put":{},"del":"a"}',
        '[]',
        `{"del":"a"}`,
        '',
      ].join('\n'),
    );
    expect(damaged.records).toEqual([{ del: 'a' }]);
    expect(damaged.lost).toBe(5);
  });
});
