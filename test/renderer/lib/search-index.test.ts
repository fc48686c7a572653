import { describe, expect, it } from 'vitest';
import type { KnownTasks } from '../../../common/views';
import { buildIndex, createSearcher, search } from '../../../renderer/lib/search/search-index';
import type { SearchDoc } from '../../../renderer/lib/search/search-index';
import { searchDocs } from '../../../renderer/lib/search/search-sources';
import {
  coverageWords,
  groupLabel,
  moreGroupsWords,
  moreWords,
  readRestLabel,
  searchedWords,
} from '../../../renderer/lib/search/search-words';

const doc = (id: string, title: string, more: Partial<SearchDoc> = {}): SearchDoc => ({
  ...{ id, title, source: 'read', group: 'ven_1', where: '', assignee: '' },
  ...more,
});
const ids = (groups: ReturnType<typeof search>) => groups.flatMap((g) => g.ids);

describe('search over what the popup knows', () => {
  const index = buildIndex([
    doc('tski_1', 'Renew the SOC 2 report', { source: 'pinned', group: 'pinned' }),
    doc('tski_2', 'Review access for Acme', { where: 'Acme Cloud', assignee: 'Dana Ruiz' }),
    doc('tski_3', 'Upload the insurance certificate', { where: 'Acme Cloud' }),
    doc('tski_4', 'Café security review', { group: 'rsk_9', where: 'Data loss' }),
    doc('tsk_77', 'Access review (quarterly)', { source: 'compliance', group: 'compliance' }),
  ]);

  it('finds every word typed in any order, in the title, vendor or risk, assignee or id, any case and accent', () => {
    expect(ids(search(index, 'acme upload'))).toEqual(['tski_3']);
    expect(ids(search(index, 'DANA access'))).toEqual(['tski_2']);
    expect(ids(search(index, 'cafe'))).toEqual(['tski_4']);
    expect(ids(search(index, 'tski_4'))).toEqual(['tski_4']);
    expect(search(index, 'acme nothing-like-it')).toEqual([]);
    expect(search(index, '  ,; ')).toEqual([]);
  });

  it('puts title matches before others, and a word’s start before its middle', () => {
    // "review" starts a title word in tski_2, tski_4 and tsk_77; "Acme" is only tski_2's vendor.
    const groups = search(index, 'review');
    expect(ids(groups)).toEqual(expect.arrayContaining(['tski_2', 'tski_4', 'tsk_77']));
    expect(ids(search(index, 'acme'))).toEqual(['tski_2', 'tski_3']);
    const inTitle = buildIndex([
      doc('a', 'Checkout flow', { where: 'Access Inc' }),
      doc('b', 'Access review'),
      doc('c', 'Preaccess check'),
    ]);
    expect(ids(search(inTitle, 'access'))).toEqual(['b', 'a', 'c']);
  });

  it('groups results by where they came from, the group with the best match first', () => {
    const groups = search(index, 'access review');
    expect(groups.map((g) => [g.group, g.source])).toEqual([
      ['compliance', 'compliance'],
      ['ven_1', 'read'],
    ]);
    // A whole id pasted beats any title.
    expect(search(index, 'TSKI_3')[0]).toMatchObject({ group: 'ven_1', ids: ['tski_3'] });
  });

  it('searches each task once, as the first source that knew it, and caps each group with how many more', () => {
    const twice = buildIndex([
      doc('x', 'Shared task', { source: 'pinned', group: 'pinned' }),
      doc('x', 'Shared task'),
    ]);
    expect(twice.size).toBe(1);
    expect(search(twice, 'shared')).toEqual([
      { group: 'pinned', source: 'pinned', ids: ['x'], more: 0 },
    ]);
    const many = buildIndex(Array.from({ length: 80 }, (_, i) => doc(`t${i}`, `Task ${i}`)));
    expect(search(many, 'task', 50)[0]).toMatchObject({ more: 30 });
    expect(search(many, 'task', 50)[0]!.ids).toHaveLength(50);
  });
});

describe('search as typed', () => {
  it('finds, key after key and after a key taken back, what a search of the whole query finds', () => {
    const words = ['laptop', 'lapse', 'encryption', 'encrypt', 'review', 'l', 'a'];
    const index = buildIndex(
      Array.from({ length: 300 }, (_, i) =>
        doc(`t${i}`, `${words[i % 7]} ${words[(i * 3) % 7]} x${i}`, { group: `g${i % 4}` }),
      ),
    );
    const typing = createSearcher(index);
    const typed = [
      'l',
      'la',
      'lap',
      'lapt',
      'lap',
      'lap e',
      'lap en',
      'lap enc',
      'lap',
      'x1',
      'x12',
    ];
    for (const q of typed) expect([q, typing(q)]).toEqual([q, search(index, q)]);
    // One letter finds word starts only: "a" is not every title with an a in it.
    expect(
      ids(search(index, 'a')).every((id) =>
        / a/.test(` ${index.docs.find((p) => p.doc.id === id)!.doc.title}`),
      ),
    ).toBe(true);
  });
});

describe('what search says it searched', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  const known = (over: Partial<KnownTasks> = {}): KnownTasks => ({
    lists: [
      {
        entity: { entityType: 'vendor', entityId: 'ven_1', name: 'Acme Cloud' },
        tasks: [
          {
            id: 'tski_9',
            title: 'Check DPA',
            status: 'todo',
            warnings: [],
            assignee: { id: 'mem_1', user: { name: 'Dana Ruiz' } },
          },
        ],
        readAt: now.getTime() - 3 * 60_000,
        more: false,
      },
      {
        entity: { entityType: 'risk', entityId: 'rsk_1', name: 'Data loss' },
        tasks: [],
        readAt: now.getTime() - 60_000,
        more: false,
      },
    ],
    unread: 21,
    entitiesListed: true,
    ...over,
  });

  it('counts the tasks and the vendors and risks, and how old the oldest read is', () => {
    expect(searchedWords(214, known(), now)).toBe(
      'Searched 214 tasks from 2 vendors and risks, the oldest read 3 min ago.',
    );
    expect(searchedWords(1, known({ lists: known().lists.slice(0, 1) }), now)).toBe(
      'Searched 1 task from 1 vendor or risk, read 3 min ago.',
    );
    expect(searchedWords(5, null, now)).toBe('Searched 5 tasks: pinned, compliance and assigned.');
  });

  it('always says the service has no search of its own, and what is left unread', () => {
    expect(coverageWords(known())).toBe(
      'The service has no search of its own: 21 vendors and risks not read yet are not searched.',
    );
    expect(coverageWords(null)).toMatch(/no search of its own: vendors and risks not read yet/);
    expect(coverageWords(known({ unread: 0 }))).toMatch(
      /no search of its own: every vendor and risk/,
    );
    expect(readRestLabel(known(), 20)).toBe('Read 20 more');
    expect(readRestLabel(known({ unread: 4 }), 20)).toBe('Read the rest');
    expect(moreWords(1)).toBe('1 more task matches here: type more to narrow.');
    expect(moreGroupsWords(3)).toBe('3 more groups match: type more to narrow.');
  });

  it('names a read list’s group by its vendor or risk, and finds its tasks by assignee', () => {
    expect(groupLabel('read', 'ven_1', known())).toBe('Acme Cloud · Vendor');
    expect(groupLabel('assigned', 'assigned', known())).toBe('Assigned to you');
    const docs = searchDocs({ pinned: [], compliance: [], assigned: [], known: known() });
    expect(ids(search(buildIndex(docs), 'dana acme'))).toEqual(['tski_9']);
  });
});
