import { describe, expect, it } from 'vitest';
import { deepFreeze, isFrozenData } from '../../../main/lib/deep-freeze';

describe('deepFreeze', () => {
  it('freezes a value all the way down, so an edit anywhere in it throws', () => {
    const settings = deepFreeze({ pinned: [{ snapshot: { title: 'Renew', tags: ['a'] } }] });
    expect(() => {
      (settings.pinned[0]!.snapshot as { title: string }).title = 'x';
    }).toThrow(TypeError);
    expect(() => settings.pinned[0]!.snapshot.tags.push('b')).toThrow(TypeError);
    expect(isFrozenData(settings)).toBe(true);
    expect(isFrozenData(settings.pinned[0]!.snapshot.tags)).toBe(true);
  });

  it('leaves what cannot be frozen as it is, and vouches for nothing that holds it', () => {
    const bytes = new Uint8Array([1, 2]);
    const holder = deepFreeze({ title: 'Renew', bytes });
    expect(Object.isFrozen(holder)).toBe(true);
    expect(isFrozenData(holder)).toBe(false);
    bytes[0] = 9; // still its own, as before
    expect(holder.bytes[0]).toBe(9);
    const refusing = new Proxy(
      {},
      {
        preventExtensions: () => {
          throw new Error('no');
        },
      },
    );
    expect(isFrozenData(deepFreeze({ refusing }))).toBe(false);
  });

  it('vouches only for plain data: not a getter, a class instance, or what holds one frozen elsewhere', () => {
    let reads = 0;
    const withGetter = deepFreeze(
      Object.defineProperty({}, 'title', {
        get: () => `read ${++reads}`,
        enumerable: true,
      }),
    );
    expect(isFrozenData(withGetter)).toBe(false);
    expect(reads).toBe(0); // looked at through its descriptor, never called

    expect(isFrozenData(deepFreeze(new (class Task {})()))).toBe(false);
    expect(isFrozenData(deepFreeze({ toJSON: () => 'computed' }))).toBe(false);
    const named = Object.assign(['a'], { extra: 'b' });
    expect(isFrozenData(deepFreeze(named))).toBe(false);
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(isFrozenData(deepFreeze(['a', , 'c']))).toBe(false);
    // As many holes as named fields: as many keys as items, and still not data.
    expect(isFrozenData(deepFreeze(Object.assign(new Array<string>(1), { note: 'b' })))).toBe(
      false,
    );
    expect(isFrozenData(deepFreeze(['a', 'b']))).toBe(true);
    // A new parent of parts recorded before (settings reuse unchanged pins): recorded too.
    const kept = deepFreeze({ title: 'kept' });
    expect(isFrozenData(deepFreeze({ pinned: [kept] }))).toBe(true);

    const mutable: string[] = [];
    const holder = deepFreeze({ child: Object.freeze({ mutable }) });
    expect(Object.isFrozen(holder)).toBe(true);
    expect(isFrozenData(holder)).toBe(false);
    mutable.push('still editable');
    expect(holder.child.mutable).toEqual(['still editable']);
  });
});
