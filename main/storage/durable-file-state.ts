/**
 * Loading a file the app keeps between runs (settings, the outbox, a
 * cache), as a pure state machine over what the disk answers. The adapter
 * (durable-file.ts) runs the step each state asks for and feeds back the
 * answer; each owner of a file says what its bytes mean and words the
 * settled state for the person.
 *
 * The rule it keeps: nothing in a file is lost. A file that cannot be read
 * now for a reason that says nothing of its content (a permission, a lock)
 * is left alone; one that cannot be used is moved aside, bytes untouched,
 * and what could be read of it is written back; one that cannot be moved
 * aside is never saved over. Only a cache, which can be built again, is
 * dropped instead.
 */
import { readAgainAdvice, describeFsError, fsErrorCode } from './fs-error';
import type { Unusable } from './move-aside';

export type { Unusable } from './move-aside';

/** What the owner of a file makes of its bytes: a value, or why not and what could be kept. */
export type Reading<V, S> =
  | { readonly kind: 'usable'; readonly value: V }
  | {
      readonly kind: 'unusable';
      readonly unusable: Exclude<Unusable, 'unreadable'>;
      readonly why: string;
      /** What could be read of it, written back once the file is moved aside; null: nothing. */
      readonly salvaged: S | null;
    };

export type DurableFilePolicy =
  /**
   * What the file holds can be built again (a cache): a file that cannot be
   * read counts as none, and one that cannot be used is removed.
   */
  | { readonly disposable: true }
  | {
      readonly disposable?: false;
      /** Why the file could not be read, in the owner's words, from the reason in words. */
      readonly unreadable: (reason: string) => string;
      /**
       * What was salvaged but could not be written back goes back in place, to
       * be read and salvaged the same way next time, and is not saved over;
       * otherwise it stays aside and the next save writes a fresh file.
       */
      readonly putBackUnsaved?: boolean;
    };

/** Facts about an unusable file, kept through the steps that deal with it. */
interface Unused<S> {
  readonly unusable: Unusable;
  readonly why: string;
  readonly salvaged: S | null;
}

export type DurableFileState<V, S> =
  /** Step: read the file. */
  | { readonly kind: 'reading' }
  /** Settled: its value, or null when there is no file (nor its folder). */
  | { readonly kind: 'read'; readonly value: V | null }
  /** Settled: not readable now, for a reason that says nothing of what it holds. Not saved over. */
  | { readonly kind: 'left-alone'; readonly why: string; readonly advice: string }
  /** Step: move it aside. */
  | ({ readonly kind: 'moving-aside' } & Unused<S>)
  /** Step: write what was salvaged to a fresh file. */
  | ({ readonly kind: 'writing-back'; readonly to: string; readonly salvaged: S } & Unused<S>)
  /** Step: rename the file at `to` back to where it was. */
  | ({
      readonly kind: 'putting-back';
      readonly to: string;
      readonly salvaged: S;
      readonly writeError: string;
    } & Unused<S>)
  /** Settled: moved aside to `to`; `writeError` when its salvage could not be written back. */
  | ({
      readonly kind: 'moved';
      readonly to: string;
      readonly writeError: string | null;
    } & Unused<S>)
  /** Settled: moved aside, then back in place since its salvage could not be written. Not saved over. */
  | ({ readonly kind: 'put-back'; readonly salvaged: S; readonly writeError: string } & Unused<S>)
  /** Settled: could not be moved aside. Not saved over. */
  | ({ readonly kind: 'stuck'; readonly moveError: string } & Unused<S>)
  /** Step: remove it (a disposable file). */
  | { readonly kind: 'removing'; readonly why: string }
  /** Settled: removed; its content will be built again. */
  | { readonly kind: 'removed'; readonly why: string };

export type DurableFileEvent<V, S> =
  | { readonly type: 'read'; readonly reading: Reading<V, S> }
  | { readonly type: 'read-failed'; readonly error: unknown }
  | { readonly type: 'moved'; readonly to: string }
  | { readonly type: 'move-failed'; readonly reason: string }
  | { readonly type: 'written' }
  | { readonly type: 'write-failed'; readonly reason: string }
  | { readonly type: 'put-back' }
  | { readonly type: 'put-back-failed' }
  | { readonly type: 'removed' }
  /** A save is due on a file not saved over: try moving it aside again first. */
  | { readonly type: 'retry' };

export const startLoading = <V, S>(): DurableFileState<V, S> => ({ kind: 'reading' });

const unused = <S>(s: Unused<S>): Unused<S> => ({
  unusable: s.unusable,
  why: s.why,
  salvaged: s.salvaged,
});

function afterRead<V, S>(
  event: DurableFileEvent<V, S> & { type: 'read' | 'read-failed' },
  policy: DurableFilePolicy,
): DurableFileState<V, S> {
  if (event.type === 'read') {
    const { reading } = event;
    if (reading.kind === 'usable') return { kind: 'read', value: reading.value };
    if (policy.disposable) return { kind: 'removing', why: reading.why };
    return { kind: 'moving-aside', ...unused(reading) };
  }
  // No file yet; ENOTDIR: not even its folder (a file stands where it would be): the save will say so.
  if (policy.disposable || ['ENOENT', 'ENOTDIR'].includes(fsErrorCode(event.error)))
    return { kind: 'read', value: null };
  const why = policy.unreadable(describeFsError(event.error));
  const advice = readAgainAdvice(event.error);
  if (advice !== null) return { kind: 'left-alone', why, advice };
  return { kind: 'moving-aside', unusable: 'unreadable', why, salvaged: null };
}

/** The state after `event`; an event that does not belong to the state leaves it as it is. */
export function nextDurableFileState<V, S>(
  state: DurableFileState<V, S>,
  event: DurableFileEvent<V, S>,
  policy: DurableFilePolicy,
): DurableFileState<V, S> {
  switch (state.kind) {
    case 'reading':
      return event.type === 'read' || event.type === 'read-failed'
        ? afterRead(event, policy)
        : state;
    case 'moving-aside':
      if (event.type === 'move-failed')
        return { kind: 'stuck', ...unused(state), moveError: event.reason };
      if (event.type !== 'moved') return state;
      return state.salvaged === null
        ? { kind: 'moved', ...unused(state), to: event.to, writeError: null }
        : { kind: 'writing-back', ...unused(state), to: event.to, salvaged: state.salvaged };
    case 'writing-back':
      if (event.type === 'written')
        return { kind: 'moved', ...unused(state), to: state.to, writeError: null };
      if (event.type !== 'write-failed') return state;
      return !policy.disposable && policy.putBackUnsaved
        ? { ...state, kind: 'putting-back', writeError: event.reason }
        : { kind: 'moved', ...unused(state), to: state.to, writeError: event.reason };
    case 'putting-back':
      if (event.type === 'put-back')
        return {
          kind: 'put-back',
          ...unused(state),
          salvaged: state.salvaged,
          writeError: state.writeError,
        };
      return event.type === 'put-back-failed'
        ? { kind: 'moved', ...unused(state), to: state.to, writeError: state.writeError }
        : state;
    case 'removing':
      return event.type === 'removed' ? { kind: 'removed', why: state.why } : state;
    case 'stuck':
    case 'put-back':
      return event.type === 'retry' ? { kind: 'moving-aside', ...unused(state) } : state;
    default:
      return state;
  }
}

/** The step the adapter runs next, or null once the load has settled. */
export type DurableFileStep<S> =
  | { readonly do: 'read' }
  | { readonly do: 'move-aside'; readonly unusable: Unusable }
  | { readonly do: 'write-back'; readonly salvaged: S }
  | { readonly do: 'put-back'; readonly from: string }
  | { readonly do: 'remove' };

export function stepOf<V, S>(state: DurableFileState<V, S>): DurableFileStep<S> | null {
  switch (state.kind) {
    case 'reading':
      return { do: 'read' };
    case 'moving-aside':
      return { do: 'move-aside', unusable: state.unusable };
    case 'writing-back':
      return { do: 'write-back', salvaged: state.salvaged };
    case 'putting-back':
      return { do: 'put-back', from: state.to };
    case 'removing':
      return { do: 'remove' };
    default:
      return null;
  }
}

/** Settled states in which nothing may be saved over the file: what it holds would be lost. */
export const savesRefused = <V, S>(state: DurableFileState<V, S>): boolean =>
  state.kind === 'left-alone' || state.kind === 'stuck' || state.kind === 'put-back';

/** What could be read of the file in a settled state (its value, or its salvage), else null. */
export function readOf<V, S>(state: DurableFileState<V, S>): { value: V } | { salvaged: S } | null {
  if (state.kind === 'read') return state.value === null ? null : { value: state.value };
  if ('salvaged' in state && state.salvaged !== null) return { salvaged: state.salvaged };
  return null;
}
