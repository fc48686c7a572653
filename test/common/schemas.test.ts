import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrganizationSchema } from '../../common/organization';
import { TASK_PRIORITIES, TASK_STATUSES, TaskSchema } from '../../common/task';
import { TaskPatchSchema } from '../../common/task-patch';

/**
 * Answers shaped like the real service's (SERVICE.md): they must parse, and
 * parse without losing anything the app shows; what it does not show is not
 * kept (docs/ARCHITECTURE.md, invariant 8: everything kept is saved and sent to the popup).
 */

const maya = {
  id: 'mem_n1maya7q2c',
  user: { id: 'usr_m2c8a1yq4w', name: 'Maya Chen', email: 'maya@northwind.example', image: null },
};
const tiptap = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Ask ' },
        { type: 'mention', attrs: { id: 'mem_n2dan4k8ro', label: 'Daniel Okafor' } },
        { type: 'text', text: ' for the SOC 2 report.' },
      ],
    },
  ],
};
const realTask = {
  id: 'tski_n4w8c2v6b1xq',
  title: 'Collect SOC 2 Type II report',
  description: JSON.stringify(tiptap),
  status: 'in_progress',
  priority: 'high',
  entityId: 'vnd_c8r2k6m0qt',
  entityType: 'vendor',
  assignee: maya,
  createdBy: maya,
  updatedBy: null,
  createdAt: '2025-05-02T08:15:00.000Z',
  updatedAt: '2025-05-06T14:41:27.000Z',
};

const parseTask = (input: unknown) => {
  const r = TaskSchema.safeParse(input);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};
const parseOrg = (input: unknown) => {
  const r = OrganizationSchema.safeParse(input);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};

describe('TaskSchema on real-shaped answers', () => {
  it.each([
    ['a TipTap JSON string', JSON.stringify(tiptap)],
    ['a TipTap object (the published schema says "object")', tiptap],
    ['plain text', 'Legal flagged clause 7.2.'],
    ['an empty string', ''],
    ['null', null],
  ])('keeps a description given as %s, exactly', (_name, description) => {
    const task = { ...realTask, description };
    expect(parseTask(task)).toEqual({ ...task, warnings: [] });
  });

  it('keeps a task without a description at all', () => {
    const { description: _omit, ...task } = realTask;
    expect(parseTask(task)).toEqual({ ...task, warnings: [] });
  });

  it('takes null and partial users and null members; fields it does not show are not kept', () => {
    const task = {
      ...realTask,
      assignee: null,
      createdBy: { id: 'mem_x', user: { name: 'Only A Name', role: 'owner' } },
      updatedBy: { id: 'mem_y', user: null },
    };
    const extra = { organizationId: 'org_7kq2m9x4v1pz', attachments: [{ id: 'att_1' }] };
    expect(parseTask({ ...task, ...extra })).toEqual({
      ...task,
      createdBy: { id: 'mem_x', user: { name: 'Only A Name' } },
      warnings: [],
    });
  });

  it('keeps an unknown status, priority or entity type, and flags each', () => {
    const task = { ...realTask, status: 'blocked', priority: 'critical', entityType: 'policy' };
    const parsed = parseTask(task);
    expect(parsed).toMatchObject({ status: 'blocked', priority: 'critical', entityType: 'policy' });
    expect(parsed.warnings).toEqual([
      'Unknown status "blocked"',
      'Unknown priority "critical"',
      'Unknown entity type "policy"',
    ]);
  });

  it('flags exactly the statuses and priorities it does not know, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...TASK_STATUSES), fc.string()),
        fc.oneof(fc.constantFrom(...TASK_PRIORITIES), fc.string()),
        (status, priority) => {
          const parsed = parseTask({ ...realTask, status, priority });
          expect(parsed.status).toBe(status);
          expect(parsed.priority).toBe(priority);
          const known = (TASK_STATUSES as readonly string[]).includes(status);
          expect(parsed.warnings.some((w) => w.startsWith('Unknown status'))).toBe(!known);
        },
      ),
    );
  });
});

describe('OrganizationSchema on real-shaped answers', () => {
  const realWire = {
    id: 'org_7kq2m9x4v1pz',
    name: 'Northwind Health',
    slug: 'northwind-health',
    logo: 'org_7kq2m9x4v1pz/branding/logo.png',
    logoUrl: 'https://storage.example.com/org_7kq2m9x4v1pz/branding/logo.png?X-Amz-Signature=abc',
    metadata: '{"industry":"Healthcare"}',
    website: 'https://northwind.example',
    onboardingCompleted: true,
    hasAccess: true,
    fleetDmLabelId: 17,
    isFleetSetupCompleted: true,
    primaryColor: '#0E7490',
    createdAt: '2024-03-11T09:24:51.000Z',
    advancedModeEnabled: false,
    authenticatedUser: { id: 'usr_1', email: 'maya@northwind.example' },
    authType: 'session',
  };

  it('takes the real wire names for the device fields and gives them the neutral names', () => {
    const { fleetDmLabelId, isFleetSetupCompleted, ...rest } = realWire;
    const { advancedModeEnabled: _extra, ...shown } = rest;
    expect(parseOrg(realWire)).toEqual({
      ...shown,
      deviceLabelId: fleetDmLabelId,
      isDeviceSetupCompleted: isFleetSetupCompleted,
      warnings: [],
    });
  });

  it("takes the seed's names as they are", () => {
    const { fleetDmLabelId: _a, isFleetSetupCompleted: _b, ...rest } = realWire;
    const seed = { ...rest, deviceLabelId: 4, isDeviceSetupCompleted: false };
    const { advancedModeEnabled: _extra, ...shown } = seed;
    expect(parseOrg(seed)).toEqual({ ...shown, warnings: [] });
  });

  it('takes the nulls the real service sends, and metadata that is not JSON', () => {
    const sparse = {
      id: 'org_3hd8w2n6c5rt',
      name: 'Acme Logistics',
      slug: 'acme-logistics',
      logo: null,
      metadata: 'customer since 2023; SSO pending',
      website: null,
      onboardingCompleted: true,
      hasAccess: true,
      fleetDmLabelId: null,
      isFleetSetupCompleted: false,
      primaryColor: null,
      createdAt: '2023-11-02T16:05:09.000Z',
      authType: 'api-key',
    };
    const parsed = parseOrg(sparse);
    expect(parsed).toMatchObject({
      logo: null,
      website: null,
      primaryColor: null,
      metadata: 'customer since 2023; SSO pending',
      deviceLabelId: null,
      isDeviceSetupCompleted: false,
      warnings: [],
    });
  });

  it("knows the real service's third auth type, and flags an unknown one and a bad colour", () => {
    expect(parseOrg({ ...realWire, authType: 'service' }).warnings).toEqual([]);
    expect(parseOrg({ ...realWire, authType: 'oauth', primaryColor: 'teal' }).warnings).toEqual([
      'Unknown authentication type "oauth"',
      'Primary colour "teal" is not #RRGGBB',
    ]);
  });

  it('needs only an id', () => {
    expect(parseOrg({ id: 'org_1' })).toMatchObject({
      id: 'org_1',
      deviceLabelId: null,
      warnings: [],
    });
    expect(OrganizationSchema.safeParse({ name: 'No id' }).success).toBe(false);
  });
});

describe('the schemas never throw', () => {
  it('whatever the service sends', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => TaskSchema.safeParse(value)).not.toThrow();
        expect(() => OrganizationSchema.safeParse(value)).not.toThrow();
        expect(() => TaskPatchSchema.safeParse(value)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('TaskPatchSchema', () => {
  it('refuses a patch whose only fields are undefined: it would go out as an empty update', () => {
    expect(TaskPatchSchema.safeParse({ title: undefined, status: undefined }).success).toBe(false);
    expect(TaskPatchSchema.safeParse({ status: 'done', title: undefined }).success).toBe(true);
  });
});

describe('what the service sends is bounded before it is kept (docs/ARCHITECTURE.md, invariant 8)', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = { type: 'text', text: 'deep' };
    for (let i = 0; i < depth; i++) value = { type: 'paragraph', content: [value] };
    return value;
  };

  it('a description nested 3,000 levels is kept as its text: small, flat, cloneable', () => {
    const parsed = parseTask({ ...realTask, description: nested(3_000) });
    expect(typeof parsed.description).toBe('string');
    expect(JSON.stringify(parsed).length).toBeLessThan(25_000);
    expect(() => structuredClone(parsed)).not.toThrow();
    // A real document is kept as it came.
    expect(parseTask({ ...realTask, description: tiptap }).description).toEqual(tiptap);
  });

  it('a 1 MB description string is reduced to at most 20,000 characters of text', () => {
    const huge = 'lorem ipsum '.repeat(90_000);
    const kept = parseTask({ ...realTask, description: huge }).description as string;
    expect(kept.length).toBeLessThanOrEqual(20_000);
    expect(kept.startsWith('lorem ipsum')).toBe(true);
  });

  it('a 100,000-character title is kept to 1,000, ending in "…"; names and emails to 320', () => {
    const parsed = parseTask({
      ...realTask,
      title: 'W'.repeat(100_000),
      assignee: { id: 'mem_x', user: { name: 'N'.repeat(5_000), email: 'e'.repeat(5_000) } },
    });
    expect(parsed.title).toHaveLength(1_000);
    expect(parsed.title?.endsWith('…')).toBe(true);
    expect(parsed.assignee?.user?.name).toHaveLength(320);
    expect(parsed.assignee?.user?.email).toHaveLength(320);
  });

  it('an id or status of 1 MB is no id: the answer is refused, and the refusal does not quote it', () => {
    const status = TaskSchema.safeParse({ ...realTask, status: 's'.repeat(1_000_000) });
    expect(status.success).toBe(false);
    expect(JSON.stringify(status.error?.issues).length).toBeLessThan(1_000);
    const org = OrganizationSchema.safeParse({ id: 'o'.repeat(1_000_000), name: 'Acme' });
    expect(org.success).toBe(false);
    expect(JSON.stringify(org.error?.issues).length).toBeLessThan(1_000);
  });

  it('metadata too large or too deep to show is dropped with a warning', () => {
    const parsed = parseOrg({ id: 'org_1', metadata: nested(50) });
    expect(parsed.metadata).toBeNull();
    expect(parsed.warnings).toEqual(['The metadata is too large or too deeply nested to show']);
    expect(parseOrg({ id: 'org_1', metadata: 'x'.repeat(9_000) }).metadata).toBeNull();
    expect(parseOrg({ id: 'org_1', metadata: '{"a":1}' }).metadata).toBe('{"a":1}');
  });

  it('a title sent is at most 1,000 characters, with a message that says so', () => {
    const r = TaskPatchSchema.safeParse({ title: 'T'.repeat(1_001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('A title can be at most 1,000 characters.');
    expect(TaskPatchSchema.safeParse({ title: 'T'.repeat(1_000) }).success).toBe(true);
  });
});
