import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../main/lib/deep-freeze';
import { createSecretGuard } from '../../../main/secrets/secret-guard';
import { REDACTED } from '../../../main/secrets/secret-text';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const guard = createSecretGuard([KEY]);

describe('the secret guard on values: every string and key, copied only where it changed', () => {
  it('redacts strings and keys deep in a value, and returns the same object when clean', () => {
    const clean = { a: [{ b: 'fine' }], n: 1 };
    expect(guard.value(clean)).toBe(clean);
    const dirty = { title: KEY, list: [{ [KEY]: `x ${KEY.slice(2, 30)}` }], ok: 'kept' };
    expect(guard.value(dirty)).toEqual({
      title: REDACTED,
      list: [{ [REDACTED]: `x ${REDACTED}` }],
      ok: 'kept',
    });
    let deep: unknown = KEY;
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(JSON.stringify(guard.value(deep))).not.toContain(KEY.slice(0, 8));
  });

  it('a frozen value found clean is passed as it is again; anything that can still change is looked at again', () => {
    const g = createSecretGuard([KEY]);
    const task = deepFreeze({ title: 'fine', tags: ['a', 'b'] });
    expect(g.value(task)).toBe(task);
    expect(g.value([task, task])).toEqual([task, task]);

    // Frozen on the outside only: its inner list can still gain the key.
    const inner: string[] = ['fine'];
    const shell = Object.freeze({ inner });
    expect(g.value(shell)).toBe(shell);
    inner.push(KEY);
    expect(JSON.stringify(g.value(shell))).not.toContain(KEY.slice(0, 8));

    // A getter may show something else next time: never taken on trust, frozen either way.
    let said = 'fine';
    for (const freeze of [Object.freeze, deepFreeze]) {
      said = 'fine';
      const computed = freeze(
        Object.defineProperty({}, 'title', { get: () => said, enumerable: true }),
      );
      expect(g.value(computed)).toBe(computed);
      said = KEY;
      expect(JSON.stringify(g.value(computed))).not.toContain(KEY.slice(0, 8));
    }

    // A copy reads the fields before the secret again: what it reads then is checked too.
    let reads = 0;
    const twoFaced = Object.defineProperty({}, 'first', {
      get: () => (++reads === 1 ? 'fine' : KEY),
      enumerable: true,
    });
    Object.assign(twoFaced, { second: KEY, third: 'kept' });
    const copy = g.value(twoFaced) as Record<string, unknown>;
    expect(JSON.stringify(copy)).not.toContain(KEY.slice(0, 8));
    expect(copy).toEqual({ first: REDACTED, second: REDACTED, third: 'kept' });
    expect(Object.keys(copy)).toEqual(['first', 'second', 'third']);

    // deepFreeze leaves an object frozen elsewhere as it is: what that one holds can change.
    const grandchild: string[] = ['fine'];
    const parent = deepFreeze({ child: Object.freeze({ grandchild }) });
    expect(g.value(parent)).toBe(parent);
    grandchild.push(KEY);
    expect(JSON.stringify(g.value(parent))).not.toContain(KEY.slice(0, 8));

    // Found clean under one set of secrets says nothing about the next.
    const shared = deepFreeze({ t: 'fine-but-secret-now' });
    expect(g.value(shared)).toBe(shared);
    expect(createSecretGuard(['fine-but-secret-now']).value(shared)).toEqual({ t: REDACTED });
    expect(g.value(task)).toBe(task);
  });

  it('redacts what a Map or a Set holds, as IPC would send it, and looks again next time', () => {
    const g = createSecretGuard([KEY]);
    const fine = new Map([['a', 'fine']]);
    expect(g.value(fine)).toBe(fine);
    const map = new Map<string, unknown>([
      [KEY, 'as a key'],
      ['value', { title: KEY }],
      ['ok', 'kept'],
    ]);
    const set = new Set(['kept', `x ${KEY}`]);
    const out = g.value(deepFreeze({ map, set })) as {
      map: Map<string, unknown>;
      set: Set<string>;
    };
    expect([...out.map]).toEqual([
      [REDACTED, 'as a key'],
      ['value', { title: REDACTED }],
      ['ok', 'kept'],
    ]);
    expect([...out.set]).toEqual(['kept', `x ${REDACTED}`]);
    // Frozen or not, a Map can still change: found clean once, it is looked at again.
    const later = new Map([['a', 'fine']]);
    const holder = deepFreeze({ later });
    expect(g.value(holder)).toBe(holder);
    later.set('b', KEY);
    expect([...g.value(holder).later]).toEqual([
      ['a', 'fine'],
      ['b', REDACTED],
    ]);
    const items = new Set(['fine', 'also fine', KEY]);
    expect([...g.value(items)]).toEqual(['fine', 'also fine', REDACTED]);
    // A Map made in another realm (a vm context, a worker's message) is still a Map to IPC.
    const foreign = runInNewContext('new Map([["t", key]])', { key: KEY }) as Map<string, string>;
    expect(foreign instanceof Map).toBe(false);
    expect([...g.value(foreign)]).toEqual([['t', REDACTED]]);
    // Past the depth where a value is judged as its JSON, what a Map or a Set holds still counts.
    for (const inside of [new Map([['t', KEY]]), new Set([KEY])]) {
      let deep: unknown = inside;
      for (let i = 0; i < 70; i++) deep = [deep];
      let leaf: unknown = g.value(deep);
      while (Array.isArray(leaf)) leaf = leaf[0];
      expect(leaf).toBe(REDACTED);
    }
  });

  it('walks own fields only, whatever the prototype', () => {
    const g = createSecretGuard([KEY]);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { t: KEY, ok: 1 });
    expect(g.value(bare)).toEqual({ t: REDACTED, ok: 1 });
    // An inherited field is not the object's: IPC and JSON leave it out, and so does a copy.
    const child = Object.assign(Object.create({ inherited: 'from the prototype' }) as object, {
      t: KEY,
    });
    const out = g.value(child) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['t']);
    expect(out['inherited']).toBeUndefined();
  });

  it('keeps a "__proto__" field from the service as a plain field when it redacts beside it', () => {
    const answer = JSON.parse(`{"__proto__": {"role": "owner"}, "title": "${KEY}"}`) as object;
    const out = guard.value(answer) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'title']);
    expect(out['role']).toBeUndefined();
    expect(out['title']).toBe(REDACTED);
  });
});
