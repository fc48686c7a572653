import { describe, expect, it } from 'vitest';
import { ActivitySchema, entityFromActivity } from '../../../main/reads/read-schemas';
import { judgeReadFailure } from '../../../main/reads/read-availability';
import { appError } from '../../../common/result';

const rows = (...data: unknown[]) => ActivitySchema.parse(data.map((d) => ({ data: d })));

describe("a bare id's vendor or risk, from its activity", () => {
  it('is named by the parent fields the service writes on each row', () => {
    expect(
      entityFromActivity(
        rows({ action: 'created', parentEntityType: 'risk', parentEntityId: 'rsk_9' }),
      ),
    ).toEqual({ entityType: 'risk', entityId: 'rsk_9' });
  });

  it('is taken from the newest row that names one, including a change of entity', () => {
    expect(
      entityFromActivity(
        rows(
          { parentEntityType: 'vendor', parentEntityId: 'vnd_old' },
          { changes: { entityType: 'vendor', entityId: 'vnd_new' } },
          { action: 'commented' },
        ),
      ),
    ).toEqual({ entityType: 'vendor', entityId: 'vnd_new' });
  });

  it('is unknown when no row names a valid one (no id goes into a URL unchecked)', () => {
    expect(entityFromActivity(rows())).toBeNull();
    expect(
      entityFromActivity(rows({ parentEntityType: 'vendor', parentEntityId: '../../admin' })),
    ).toBeNull();
    expect(
      entityFromActivity(rows({ parentEntityType: 'policy', parentEntityId: 'pol_1' })),
    ).toBeNull();
  });
});

describe('what a failed read means', () => {
  it('a missing route hides the feature silently, a missing scope names the scopes', () => {
    expect(judgeReadFailure('vendors', appError('not_found', 'x', { status: 404 }))).toEqual({
      kind: 'absent',
    });
    expect(
      judgeReadFailure(
        'vendors',
        appError('forbidden', 'API key lacks required permission scope', { status: 403 }),
      ),
    ).toEqual({ kind: 'scope', scopes: ['vendor:read'] });
    const down = appError('server', 'The service had a problem (HTTP 500).', { status: 500 });
    expect(judgeReadFailure('tasks', down)).toEqual({ kind: 'failed', error: down });
  });
});
