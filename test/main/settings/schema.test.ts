import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTask } from '../../../main/service/quick-task-parse';
import {
  DEFAULT_SERVICE_URL,
  defaultSettings,
  describeSettingsIssues,
  parseSettings,
  SettingsSchema,
  withoutSecretKeys,
} from '../../../main/settings/schema';
import { exact, taskArb } from '../../helpers/task-answers';

const profile = {
  id: 'prof_1',
  label: 'Acme',
  baseUrl: 'https://api.example.com',
  authKind: 'api-key',
  organizationId: 'org_1',
  createdAt: '2026-01-02T03:04:05.000Z',
} as const;

const pin = {
  profileId: 'prof_1',
  taskId: 'tski_abc123',
  ref: { organizationId: 'org_1', entityType: 'vendor', entityId: 'vnd_9' },
  snapshot: null,
  error: null,
  pinnedAt: '2026-01-02T03:04:05.000Z',
} as const;

const problemOf = (input: unknown): string => {
  const r = SettingsSchema.safeParse(input);
  if (r.success) throw new Error('expected the schema to refuse this');
  return describeSettingsIssues(r.error);
};

describe('the settings schema', () => {
  it('fills every missing field with its default', () => {
    expect(defaultSettings()).toEqual({
      version: 1,
      profiles: [],
      activeProfileId: null,
      pinned: [],
      launchAtLogin: false,
      shortcut: 'CommandOrControl+Alt+Shift+T',
      theme: 'system',
      signInUrl: 'https://app.trycomp.ai/',
      serviceUrl: 'https://api.trycomp.ai',
      requestsPerMinute: 100,
      notifications: {
        enabled: true,
        landedAfterWait: true,
        refused: true,
        assigned: true,
        changedByOthers: true,
        reminders: true,
      },
    });
    expect(DEFAULT_SERVICE_URL).toBe('https://api.trycomp.ai');
    // An older file with only some fields keeps what it has.
    expect(SettingsSchema.parse({ theme: 'dark' })).toMatchObject({ theme: 'dark', pinned: [] });
  });

  it('fills defaults inside a pin and a profile written without their optional parts', () => {
    const { ref: _r, snapshot: _s, error: _e, ...bare } = pin;
    const { organizationId: _o, ...bareProfile } = profile;
    const s = SettingsSchema.parse({ profiles: [bareProfile], pinned: [bare] });
    expect(s.pinned[0]).toMatchObject({ ref: {}, snapshot: null, error: null });
    expect(s.profiles[0]?.organizationId).toBeNull();
  });

  it.each([
    ['the top level', { apiKey: 'k' }],
    ['a profile', { profiles: [{ ...profile, apiKey: 'k' }] }],
    ['a profile (cookie)', { profiles: [{ ...profile, cookie: 'c' }] }],
    ['a pin', { pinned: [{ ...pin, token: 't' }] }],
    ['a pin’s link', { pinned: [{ ...pin, ref: { ...pin.ref, password: 'p' } }] }],
    ['a pin’s error', { pinned: [{ ...pin, error: { kind: 'x', message: 'm', secret: 's' } }] }],
  ])(
    'refuses a secret-looking field in %s and says secrets belong in the keychain',
    (_w, input) => {
      expect(problemOf(input)).toMatch(/not allowed — settings never hold secrets.*keychain/);
    },
  );

  it('names a secret first, even among other problems', () => {
    const many = { theme: 'blue', shortcut: 'T', launchAtLogin: 'yes', requestsPerMinute: 0 };
    // Zod lists unknown top-level keys after every field's own problem.
    expect(problemOf({ ...many, token: 'k' })).toMatch(/^settings: "token" is not allowed/);
  });

  it('refuses any other unknown field too, naming it', () => {
    expect(problemOf({ colour: 'red' })).toBe('settings: unknown field "colour"');
  });

  it('strips secret-looking keys from a snapshot at any depth, keeping the task', () => {
    const s = SettingsSchema.parse({
      pinned: [
        {
          ...pin,
          snapshot: {
            id: 'tski_abc123',
            status: 'todo',
            title: 'Review vendor',
            sessionToken: 'SHOULD-NOT-STAY',
            assignee: { id: 'mem_1', user: { id: 'u', name: 'Ann', apiKey: 'SHOULD-NOT-STAY' } },
          },
        },
      ],
    });
    const snapshot = s.pinned[0]?.snapshot;
    expect(JSON.stringify(snapshot)).not.toContain('SHOULD-NOT-STAY');
    expect(snapshot).toMatchObject({
      id: 'tski_abc123',
      title: 'Review vendor',
      assignee: { id: 'mem_1', user: { name: 'Ann' } },
    });
    expect(withoutSecretKeys([{ Cookie: 1, keep: [{ authorization: 2, also: 3 }] }])).toEqual([
      { keep: [{ also: 3 }] },
    ]);
    // A "__proto__" key in a description as the service sent it stays a field of the copy.
    const doc = JSON.parse('{"type":"doc","__proto__":{"type":"injected"}}') as object;
    const kept = withoutSecretKeys({ description: doc }).description as Record<string, unknown>;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['type', '__proto__']);
    expect(kept['type']).toBe('doc');
    expect(JSON.parse(JSON.stringify(kept))).toEqual(doc);
  });

  it('keeps a snapshot’s unknown status flagged rather than refusing it', () => {
    const s = SettingsSchema.parse({
      pinned: [{ ...pin, snapshot: { id: 'tski_abc123', status: 'blocked' } }],
    });
    expect(s.pinned[0]?.snapshot?.warnings).toEqual(['Unknown status "blocked"']);
  });

  it.each([
    ['a bad task id', { pinned: [{ ...pin, taskId: '../../etc' }] }, /pinned\.0\.taskId/],
    ['a non-http base URL', { profiles: [{ ...profile, baseUrl: 'file:///x' }] }, /baseUrl/],
    ['an unknown auth kind', { profiles: [{ ...profile, authKind: 'oauth' }] }, /authKind/],
    ['a bad shortcut', { shortcut: 'T' }, /shortcut/],
    ['an unknown theme', { theme: 'blue' }, /theme/],
    ['a request rate of zero', { requestsPerMinute: 0 }, /requestsPerMinute/],
    ['an older version number', { version: 0 }, /version/],
    ['a date that is not a date', { pinned: [{ ...pin, pinnedAt: 'yesterday' }] }, /pinnedAt/],
  ])('refuses %s, saying where', (_w, input, where) => {
    expect(problemOf(input)).toMatch(where);
  });

  it('keeps profiles, the active profile and pins consistent', () => {
    expect(problemOf({ profiles: [profile, profile] })).toMatch(/share the id "prof_1"/);
    expect(problemOf({ profiles: [profile], activeProfileId: 'prof_2' })).toMatch(
      /active profile "prof_2" is not among the profiles/,
    );
    expect(problemOf({ profiles: [profile], pinned: [pin, pin] })).toMatch(/pinned twice/);
    // The same task under two profiles, and pins kept after their profile signed out, are fine.
    expect(
      SettingsSchema.safeParse({
        profiles: [profile],
        activeProfileId: 'prof_1',
        pinned: [pin, { ...pin, profileId: 'prof_signed_out' }],
      }).success,
    ).toBe(true);
  });

  it('reports at most a few problems, counting the rest', () => {
    expect(
      problemOf({ theme: 'blue', shortcut: 'T', launchAtLogin: 'yes', requestsPerMinute: -1 }),
    ).toMatch(/\(and 1 more\)$/);
  });

  describe('reading a change that keeps most pins as they were (parseSettings)', () => {
    const snapshot = {
      id: 'tski_abc123',
      title: 'Collect SOC 2 report',
      status: 'todo',
      apiToken: 'tok_should_not_be_kept',
    };
    const base = () => {
      const parsed = new WeakSet<object>();
      const settings = SettingsSchema.parse({
        profiles: [profile],
        activeProfileId: 'prof_1',
        pinned: [
          { ...pin, snapshot },
          { ...pin, taskId: 'tski_def456' },
        ],
      });
      for (const p of settings.pinned) parsed.add(p);
      return { settings, parsed };
    };

    it('reads the same as a full parse, and takes an already parsed pin as it is', () => {
      const { settings, parsed } = base();
      const added = { ...pin, taskId: 'tski_new789', snapshot: { ...snapshot, id: 'tski_new789' } };
      const next = { ...settings, theme: 'dark', pinned: [...settings.pinned, added] };
      const fast = parseSettings(next, parsed);
      const full = SettingsSchema.safeParse(next);
      expect(fast.success && full.success).toBe(true);
      if (!fast.success || !full.success) return;
      expect(fast.data).toEqual(full.data);
      expect(Object.keys(fast.data)).toEqual(Object.keys(full.data));
      expect(fast.data.pinned[0]).toBe(settings.pinned[0]);
      // The new pin was read like any other: its secret-looking key is gone.
      expect(fast.data.pinned[2]?.snapshot).not.toHaveProperty('apiToken');
    });

    it('refuses what a full parse refuses, in the same words', () => {
      const { settings, parsed } = base();
      for (const next of [
        { ...settings, pinned: [...settings.pinned, { ...pin, taskId: 'not a task id' }] },
        { ...settings, theme: 'blue', pinned: [...settings.pinned] },
        // Both pins already parsed, but the same task twice for one profile.
        { ...settings, pinned: [...settings.pinned, settings.pinned[0]] },
        { ...settings, activeProfileId: 'prof_gone' },
      ]) {
        const fast = parseSettings(next, parsed);
        const full = SettingsSchema.safeParse(next);
        expect(fast.success).toBe(false);
        if (fast.success || full.success) continue;
        expect(describeSettingsIssues(fast.error)).toBe(describeSettingsIssues(full.error));
      }
    });

    it('writes a task the client parsed (kept as it is) exactly as a full parse would', () => {
      const { settings, parsed } = base();
      let kept = 0;
      fc.assert(
        fc.property(taskArb, fc.boolean(), (answer, badPin) => {
          const task = parseTask(answer);
          if (!task.success) return;
          const added = { ...pin, taskId: 'tski_new789', snapshot: task.data };
          // Now and then the pin's own fields are wrong: refused as a full parse refuses them.
          if (badPin) Object.assign(added, { pinnedAt: 'yesterday' });
          const next = { ...settings, pinned: [...settings.pinned, added] };
          const fast = parseSettings(next, parsed);
          const full = SettingsSchema.safeParse(next);
          expect(fast.success).toBe(full.success);
          if (!fast.success || !full.success) {
            if (!fast.success && !full.success)
              expect(describeSettingsIssues(fast.error)).toBe(describeSettingsIssues(full.error));
            return;
          }
          // What goes into the file, key for key and in order.
          expect(exact(fast.data)).toBe(exact(full.data));
          if (fast.data.pinned[2]?.snapshot === task.data) kept += 1;
        }),
        { numRuns: 1000 },
      );
      // The shortcut was taken, so the comparison says something about it.
      expect(kept).toBeGreaterThan(100);
    });

    it('parses again a task the client parsed that is not plain data', () => {
      const { settings, parsed } = base();
      // TaskSchema takes any value that is short JSON as a description, a boxed string too.
      const task = parseTask({ id: 'tski_new789', status: 'todo', description: new String('hi') });
      expect(task.success).toBe(true);
      if (!task.success) return;
      const next = {
        ...settings,
        pinned: [...settings.pinned, { ...pin, taskId: 'tski_new789', snapshot: task.data }],
      };
      const fast = parseSettings(next, parsed);
      const full = SettingsSchema.safeParse(next);
      expect(fast.success && full.success).toBe(true);
      if (fast.success && full.success) expect(exact(fast.data)).toBe(exact(full.data));
    });

    it('still drops a secret-looking key from a task the client parsed', () => {
      const { settings, parsed } = base();
      // A rich-text description is kept as the service sent it, keys and all.
      const description = { type: 'doc', sessionToken: 'tok_from_the_service', content: [] };
      const task = parseTask({ id: 'tski_new789', status: 'todo', description });
      expect(task.success).toBe(true);
      if (!task.success) return;
      expect(JSON.stringify(task.data)).toContain('tok_from_the_service');
      const next = {
        ...settings,
        pinned: [...settings.pinned, { ...pin, taskId: 'tski_new789', snapshot: task.data }],
      };
      const r = parseSettings(next, parsed);
      expect(r.success).toBe(true);
      if (r.success) expect(JSON.stringify(r.data)).not.toContain('tok_from_the_service');
    });

    it('parses a pin it was not told about, even if it looks like one it was', () => {
      const { settings } = base();
      const unparsed = { ...settings.pinned[0]!, snapshot: { ...snapshot } };
      const r = parseSettings({ ...settings, pinned: [unparsed] }, new WeakSet());
      expect(r.success).toBe(true);
      if (r.success) expect(r.data.pinned[0]?.snapshot).not.toHaveProperty('apiToken');
    });
  });
});
