import { describe, expect, it } from 'vitest';
import {
  nextDurableFileState,
  readOf,
  savesRefused,
  startLoading,
  stepOf,
} from '../../../main/storage/durable-file-state';
import type {
  DurableFileEvent,
  DurableFilePolicy,
  DurableFileState,
  Reading,
} from '../../../main/storage/durable-file-state';

type Value = { n: number };
type State = DurableFileState<Value, string>;
type Event = DurableFileEvent<Value, string>;

const KEEP: DurableFilePolicy = {
  unreadable: (reason) => `notes.json could not be read (${reason}).`,
};
const PUT_BACK: DurableFilePolicy = { ...KEEP, putBackUnsaved: true };
const CACHE: DurableFilePolicy = { disposable: true };

const fsError = (code: string) => Object.assign(new Error(code), { code });
const read = (reading: Reading<Value, string>): Event => ({ type: 'read', reading });
const damaged = (salvaged: string | null): Event =>
  read({ kind: 'unusable', unusable: 'corrupt', why: 'notes.json was damaged.', salvaged });

/** Every state the load passes through from the start, for a sequence of events. */
function run(policy: DurableFilePolicy, events: Event[], from: State = startLoading()): State[] {
  const states = [from];
  for (const event of events) states.push(nextDurableFileState(states.at(-1)!, event, policy));
  return states;
}
const last = (policy: DurableFilePolicy, events: Event[], from?: State) =>
  run(policy, events, from).at(-1)!;

describe('loading a durable file', () => {
  it('uses what the owner read of it', () => {
    expect(last(KEEP, [read({ kind: 'usable', value: { n: 1 } })])).toEqual({
      kind: 'read',
      value: { n: 1 },
    });
  });

  it('starts empty when there is no file, or not even its folder', () => {
    for (const code of ['ENOENT', 'ENOTDIR'])
      expect(last(KEEP, [{ type: 'read-failed', error: fsError(code) }])).toEqual({
        kind: 'read',
        value: null,
      });
  });

  it('leaves alone a file it may not read now, and saves nothing over it', () => {
    const state = last(KEEP, [{ type: 'read-failed', error: fsError('EACCES') }]);
    expect(state).toEqual({
      kind: 'left-alone',
      why: 'notes.json could not be read (permission denied (EACCES)).',
      advice: 'Make sure your user account can read and write it, then restart Task Tray.',
    });
    expect(stepOf(state)).toBeNull();
    expect(savesRefused(state)).toBe(true);
  });

  it('moves aside what is not a file it could read (a folder), and then saves again', () => {
    const states = run(KEEP, [
      { type: 'read-failed', error: fsError('EISDIR') },
      { type: 'moved', to: 'notes.unreadable-1.json' },
    ]);
    expect(states.map(stepOf)).toEqual([
      { do: 'read' },
      { do: 'move-aside', unusable: 'unreadable' },
      null,
    ]);
    expect(states.at(-1)).toEqual({
      kind: 'moved',
      unusable: 'unreadable',
      why: 'notes.json could not be read (a folder is in the way (EISDIR)).',
      salvaged: null,
      to: 'notes.unreadable-1.json',
      writeError: null,
    });
    expect(savesRefused(states.at(-1)!)).toBe(false);
  });

  it('moves a damaged file aside, then writes back what could be read of it', () => {
    const states = run(KEEP, [
      damaged('half'),
      { type: 'moved', to: 'aside.json' },
      { type: 'written' },
    ]);
    expect(states.map(stepOf)).toEqual([
      { do: 'read' },
      { do: 'move-aside', unusable: 'corrupt' },
      { do: 'write-back', salvaged: 'half' },
      null,
    ]);
    expect(states.at(-1)).toMatchObject({ kind: 'moved', salvaged: 'half', writeError: null });
    expect(readOf(states.at(-1)!)).toEqual({ salvaged: 'half' });
  });

  it('keeps aside a file whose salvage could not be written, and says why', () => {
    const state = last(KEEP, [
      damaged('half'),
      { type: 'moved', to: 'aside.json' },
      { type: 'write-failed', reason: 'the disk is full (ENOSPC)' },
    ]);
    expect(state).toMatchObject({
      kind: 'moved',
      to: 'aside.json',
      writeError: 'the disk is full (ENOSPC)',
    });
    expect(savesRefused(state)).toBe(false);
  });

  it('puts it back in place instead, when asked to, and saves nothing over it until a retry works', () => {
    const states = run(PUT_BACK, [
      damaged('half'),
      { type: 'moved', to: 'aside.json' },
      { type: 'write-failed', reason: 'the disk is full (ENOSPC)' },
      { type: 'put-back' },
    ]);
    expect(stepOf(states[3]!)).toEqual({ do: 'put-back', from: 'aside.json' });
    const putBack = states.at(-1)!;
    expect(putBack).toEqual({
      kind: 'put-back',
      unusable: 'corrupt',
      why: 'notes.json was damaged.',
      salvaged: 'half',
      writeError: 'the disk is full (ENOSPC)',
    });
    expect(savesRefused(putBack)).toBe(true);
    expect(readOf(putBack)).toEqual({ salvaged: 'half' });
    expect(
      last(
        PUT_BACK,
        [{ type: 'retry' }, { type: 'moved', to: 'b.json' }, { type: 'written' }],
        putBack,
      ),
    ).toMatchObject({ kind: 'moved', to: 'b.json', salvaged: 'half', writeError: null });
  });

  it('leaves it aside when it cannot be put back either: the message says where it is', () => {
    expect(
      last(PUT_BACK, [
        damaged('half'),
        { type: 'moved', to: 'aside.json' },
        { type: 'write-failed', reason: 'no' },
        { type: 'put-back-failed' },
      ]),
    ).toMatchObject({ kind: 'moved', to: 'aside.json', writeError: 'no' });
  });

  it('is stuck on a file it cannot move aside: nothing saved over it, and a retry moves it', () => {
    const stuck = last(KEEP, [damaged(null), { type: 'move-failed', reason: 'read-only' }]);
    expect(stuck).toEqual({
      kind: 'stuck',
      unusable: 'corrupt',
      why: 'notes.json was damaged.',
      salvaged: null,
      moveError: 'read-only',
    });
    expect(savesRefused(stuck)).toBe(true);
    expect(readOf(stuck)).toBeNull();
    const again = run(KEEP, [{ type: 'retry' }, { type: 'move-failed', reason: 'still' }], stuck);
    expect(again.map((s) => s.kind)).toEqual(['stuck', 'moving-aside', 'stuck']);
  });

  it('a file from a newer version is moved aside whole, nothing written back', () => {
    const state = last(KEEP, [
      read({ kind: 'unusable', unusable: 'future', why: 'newer', salvaged: null }),
      { type: 'moved', to: 'notes.future-1.json' },
    ]);
    expect(state).toMatchObject({ kind: 'moved', unusable: 'future', writeError: null });
  });

  describe('a disposable file (a cache)', () => {
    it('counts a file it cannot read, for any reason, as none', () => {
      for (const code of ['EACCES', 'EBUSY', 'EISDIR', 'ENOENT'])
        expect(last(CACHE, [{ type: 'read-failed', error: fsError(code) }])).toEqual({
          kind: 'read',
          value: null,
        });
    });

    it('removes one it cannot use, instead of moving it aside', () => {
      const states = run(CACHE, [damaged(null), { type: 'removed' }]);
      expect(states.map(stepOf)).toEqual([{ do: 'read' }, { do: 'remove' }, null]);
      expect(states.at(-1)).toEqual({ kind: 'removed', why: 'notes.json was damaged.' });
      expect(savesRefused(states.at(-1)!)).toBe(false);
    });
  });

  it('ignores an answer that does not belong to the step it is at', () => {
    const stray: Event[] = [
      { type: 'moved', to: 'x' },
      { type: 'written' },
      { type: 'put-back' },
      { type: 'removed' },
      { type: 'retry' },
    ];
    for (const event of stray) expect(last(KEEP, [event])).toEqual(startLoading());
    const settled: State = { kind: 'read', value: { n: 2 } };
    for (const event of [...stray, damaged('x')])
      expect(last(KEEP, [event], settled)).toBe(settled);
  });
});
