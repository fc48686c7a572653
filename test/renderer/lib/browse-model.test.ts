import { describe, expect, it } from 'vitest';
import type { BrowseEntity } from '../../../common/views';
import {
  browseViews,
  entityName,
  filterEntities,
  groupEntities,
  statusCounts,
} from '../../../renderer/lib/browse-model';
import { task, view } from '../fixtures';

const e = (
  entityType: 'vendor' | 'risk',
  name: string,
  entityId = `${entityType === 'vendor' ? 'vnd' : 'rsk'}_${name.length}`,
): BrowseEntity => ({
  entityType,
  entityId,
  name,
});

describe('browse model', () => {
  it('finds entities by every typed word, in any order and case', () => {
    const all = [
      e('vendor', 'Amazon Web Services'),
      e('vendor', 'Zendesk'),
      e('risk', 'Web scraping'),
    ];
    expect(filterEntities(all, 'services WEB').map((x) => x.name)).toEqual(['Amazon Web Services']);
    expect(filterEntities(all, 'web').map((x) => x.name)).toEqual([
      'Amazon Web Services',
      'Web scraping',
    ]);
    expect(filterEntities(all, '  ')).toBe(all);
  });

  it('groups vendors and risks, each sorted by name as people read them', () => {
    const { vendors, risks } = groupEntities([
      e('vendor', 'zendesk'),
      e('risk', 'Vendor 10'),
      e('vendor', 'Älvsbyhus'),
      e('risk', 'Vendor 9'),
      e('vendor', 'Amazon'),
    ]);
    expect(vendors.map((x) => x.name)).toEqual(['Älvsbyhus', 'Amazon', 'zendesk']);
    expect(risks.map((x) => x.name)).toEqual(['Vendor 9', 'Vendor 10']);
  });

  it('names an entity without bidi tricks, and by its id when it has no name', () => {
    expect(entityName(e('vendor', 'Acme \u202Eecnegilletni'))).toBe('Acme ecnegilletni');
    expect(entityName(e('vendor', '  ', 'vnd_x'))).toBe('vnd_x');
  });

  it('counts the statuses present in the control’s order, and any it does not know', () => {
    expect(statusCounts(['done', 'todo', 'todo', 'blocked', null])).toBe(
      '2 To do · 1 Done · 2 other',
    );
    expect(statusCounts([])).toBe('');
  });

  it('shows a pinned task as its pinned view (with its waiting change), others as listed', () => {
    const listed = [
      task({ id: 'tski_a', entityId: 'vnd_1' }),
      task({ id: 'tski_b', entityId: 'vnd_1' }),
    ];
    const pinned = view({ id: 'tski_b', task: { id: 'tski_b' }, sync: 'queued' });
    const views = browseViews(listed, [pinned]);
    expect(views[1]).toBe(pinned);
    expect(views[0]).toMatchObject({
      id: 'tski_a',
      ref: { entityType: 'vendor', entityId: 'vnd_1' },
      snapshot: listed[0],
      sync: 'idle',
    });
  });
});
