import { describe, expect, it } from 'vitest';
import {
  addChange,
  foldAllLanes,
  mergePatch,
  splitEntry,
  withoutPiece,
} from '../../../main/outbox/outbox-entry';
import type { HeldEntry, OutboxEntry } from '../../../main/outbox/outbox-entry';
import { parseOutbox, serializeOutbox } from '../../../main/outbox/outbox-format';

/**
 * Compliance tasks' entries (`tsk_…`) in the outbox beside task items': the
 * fields each kind takes, merging and splitting with the justification kept
 * with its status, and the file as earlier releases wrote it, read unchanged.
 */

const TSK = 'tsk_n1access7review';
const fresh = (id: string) => ({ id, createdAt: '2026-11-28T10:00:00.000Z' });
const change = (patch: object, taskId = TSK) => ({
  profileId: 'profile_a',
  taskId,
  patch: patch as HeldEntry['patch'],
  durable: true,
});

/** An outbox.json exactly as the release before compliance tasks wrote it. */
const OLD_FILE =
  '{"version":1,"entries":[\n' +
  '{"id":"3f1c","profileId":"profile_0123456789abcdef","taskId":"tski_abc123","patch":{"status":"done"},"createdAt":"2026-11-01T09:00:00.000Z"},\n' +
  '{"id":"3f1d","profileId":"profile_0123456789abcdef","taskId":"tski_def456","patch":{"title":"Renew the DPA","assigneeId":null},"createdAt":"2026-11-01T09:01:00.000Z"}\n' +
  ']}\n';

describe('compliance task entries in the outbox', () => {
  it('reads a file written before compliance tasks unchanged, and writes it back byte for byte', () => {
    const reading = parseOutbox(OLD_FILE);
    expect(reading.kind).toBe('ok');
    if (reading.kind !== 'ok') return;
    expect(reading.entries.map((e) => [e.taskId, e.patch])).toEqual([
      ['tski_abc123', { status: 'done' }],
      ['tski_def456', { title: 'Renew the DPA', assigneeId: null }],
    ]);
    expect(serializeOutbox(reading.entries)).toBe(OLD_FILE);
  });

  it('keeps both kinds in one file, each with the fields of its kind only', () => {
    const entries = [
      { ...fresh('a'), profileId: 'p', taskId: 'tski_abc123', patch: { priority: 'high' } },
      {
        ...fresh('b'),
        profileId: 'p',
        taskId: TSK,
        patch: { status: 'not_relevant', notRelevantJustification: 'No paper records.' },
      },
    ] as const;
    expect(parseOutbox(serializeOutbox(entries))).toEqual({ kind: 'ok', entries });
    // A task item's priority set on a compliance task, a compliance status on a task item, or
    // a justification without not_relevant: none is a change either kind takes.
    const wrong: OutboxEntry[] = [
      { ...entries[1], id: 'c', patch: { priority: 'high' } },
      { ...entries[0], id: 'd', patch: { status: 'failed' } },
      { ...entries[1], id: 'e', patch: { notRelevantJustification: 'Why' } },
      { ...entries[1], id: 'f', patch: { status: 'not_relevant' } },
    ] as unknown as OutboxEntry[];
    const reading = parseOutbox(serializeOutbox([...entries, ...wrong]));
    expect(reading).toMatchObject({ kind: 'damaged', lost: 4, entries });
  });

  it('merges per field; a later status drops an earlier not-relevant justification', () => {
    const why = { status: 'not_relevant', notRelevantJustification: 'Hosted elsewhere.' };
    expect(mergePatch(why as never, { title: 'Access review' } as never)).toEqual({
      ...why,
      title: 'Access review',
    });
    expect(mergePatch(why as never, { status: 'todo' } as never)).toEqual({ status: 'todo' });
    let es: HeldEntry[] = [];
    es = addChange(es, change({ assigneeId: 'mem_n3pri9x1ma' }), null, fresh('1')).entries;
    es = addChange(es, change(why), null, fresh('2')).entries;
    es = addChange(es, change({ status: 'done' }), null, fresh('3')).entries;
    expect(es).toHaveLength(1);
    expect(es[0]!.patch).toEqual({ assigneeId: 'mem_n3pri9x1ma', status: 'done' });
  });

  it('a refused combined change splits by field, the justification staying with its status', () => {
    const entry: HeldEntry = {
      ...change({
        title: 'Access review',
        status: 'not_relevant',
        notRelevantJustification: 'Hosted elsewhere.',
      }),
      ...fresh('x'),
    };
    let n = 0;
    const pieces = splitEntry([entry], 'x', () => `p${n++}`);
    expect(pieces.map((p) => p.patch)).toEqual([
      { title: 'Access review' },
      { status: 'not_relevant', notRelevantJustification: 'Hosted elsewhere.' },
    ]);
    // In memory they go one by one; read back after a restart, they go again as one change.
    expect(foldAllLanes(pieces)).toHaveLength(2);
    expect(foldAllLanes(pieces.map(withoutPiece)).map((e) => e.patch)).toEqual([entry.patch]);
  });
});
