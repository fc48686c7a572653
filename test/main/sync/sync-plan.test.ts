import { describe, expect, it } from 'vitest';
import { SAFETY_NET_MS, entityRef, planRound, roundBudget } from '../../../main/sync/sync-plan';
import type { PlanInput } from '../../../main/sync/sync-plan';
import type { EntityKey } from '../../../main/reads/read-schemas';

const MIN = 60_000;
const vendor = (n: number): EntityKey => ({ entityType: 'vendor', entityId: `vnd_${n}` });
const risk = (n: number): EntityKey => ({ entityType: 'risk', entityId: `rsk_${n}` });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const base = (over: Partial<PlanInput> = {}): PlanInput => ({
  now: 10 * 60 * MIN,
  perMinute: 15,
  intervalMs: 2 * MIN,
  pins: [],
  assigned: [],
  listedAt: 10 * 60 * MIN,
  named: null,
  lastRead: new Map(),
  ...over,
});

describe('the round planner', () => {
  it('plans what the pacer lets through between two rounds at its steady rate', () => {
    expect(roundBudget(8.25, 2 * MIN)).toBe(16);
    expect(roundBudget(8.25, MIN)).toBe(8);
    expect(roundBudget(8.25, 15 * MIN)).toBe(123);
    expect(roundBudget(0.1, MIN)).toBe(1);
  });

  it('without the audit log: every pin entity, once each, then "Assigned to me" within what is left', () => {
    const pins = [...range(10).map(vendor), vendor(0)];
    const plan = planRound(
      base({ pins, assigned: [...range(100).map(vendor), ...range(100).map(risk)] }),
    );
    expect(plan.pinned.map(entityRef)).toEqual(range(10).map((n) => `vendor:vnd_${n}`));
    expect(plan.assigned).toHaveLength(20);
    expect(plan.listEntities).toBe(false);
  });

  it('goes round "Assigned to me": those read longest ago (or never) first, so every entity comes up', () => {
    const all = [...range(100).map(vendor), ...range(100).map(risk)];
    const lastRead = new Map<string, number>();
    const seen = new Set<string>();
    let now = 0;
    for (let round = 0; round < 7; round++) {
      const plan = planRound(base({ now, assigned: all, lastRead, listedAt: now }));
      expect(plan.assigned).toHaveLength(30);
      for (const e of plan.assigned) {
        lastRead.set(entityRef(e), now);
        seen.add(entityRef(e));
      }
      now += 2 * MIN;
    }
    expect(seen.size).toBe(200);
  });

  it('with the audit log: only what it named, plus any pin not read for the safety net', () => {
    const now = 10 * 60 * MIN;
    const lastRead = new Map([
      ['vendor:vnd_0', now - MIN],
      ['vendor:vnd_1', now - MIN],
      ['vendor:vnd_2', now - SAFETY_NET_MS],
    ]);
    const plan = planRound(
      base({
        now,
        pins: [vendor(0), vendor(1), vendor(2)],
        assigned: range(50).map(risk),
        named: [vendor(1), risk(7), risk(999)],
        lastRead,
      }),
    );
    expect(plan.pinned.map(entityRef).sort()).toEqual(['vendor:vnd_1', 'vendor:vnd_2']);
    // Every entity named, for the person's tasks too; a risk the list does not know yet (made since) as well.
    expect(plan.assigned.map(entityRef).sort()).toEqual([
      'risk:rsk_7',
      'risk:rsk_999',
      'vendor:vnd_1',
    ]);
  });

  it('lists the vendors and risks again when never listed or an hour ago', () => {
    expect(planRound(base({ listedAt: null })).listEntities).toBe(true);
    expect(planRound(base({ now: 61 * MIN, listedAt: 0 })).listEntities).toBe(true);
    expect(planRound(base({ now: 59 * MIN, listedAt: 0 })).listEntities).toBe(false);
    expect(planRound(base({ assigned: null, listedAt: null })).listEntities).toBe(false);
  });

  it('never plans more reads than the budget, however many pins', () => {
    const plan = planRound(
      base({ intervalMs: MIN, pins: range(40).map(vendor), assigned: range(40).map(risk) }),
    );
    expect(plan.pinned.length + plan.assigned.length).toBe(15);
    expect(plan.pinned).toHaveLength(15);
  });
});
