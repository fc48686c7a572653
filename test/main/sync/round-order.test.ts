import { describe, expect, it } from 'vitest';
import { roundOrder } from '../../../main/sync/round-order';

describe('whom a background round reads for', () => {
  const addressOf = (id: string) => (id === 'far' ? 'https://eu.example' : 'https://api.example');

  it('the account shown first, then the others, sharing their address’s budget', () => {
    expect(
      roundOrder({ shownId: 'b', shownRefused: false, signedInIds: ['a', 'b', 'far'], addressOf }),
    ).toEqual([
      { profileId: 'b', isShown: true, share: 0.5 },
      { profileId: 'a', isShown: false, share: 0.5 },
      { profileId: 'far', isShown: false, share: 1 },
    ]);
  });

  it('a refused key on the shown account: only the others, each with the whole share left', () => {
    expect(
      roundOrder({ shownId: 'b', shownRefused: true, signedInIds: ['a', 'b'], addressOf }),
    ).toEqual([{ profileId: 'a', isShown: false, share: 1 }]);
  });

  it('the demo (shown, never saved) and nobody else', () => {
    expect(
      roundOrder({ shownId: 'demo', shownRefused: false, signedInIds: [], addressOf }),
    ).toEqual([{ profileId: 'demo', isShown: true, share: 1 }]);
  });
});
