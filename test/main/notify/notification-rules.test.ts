import { describe, expect, it } from 'vitest';
import { landed, refused, rulesHarness } from './rules-harness';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

describe('changes that waited and then landed', () => {
  it('an offline batch of 30 landing over a few seconds is one notification naming a few of them', () => {
    const { clock, shown, rules } = rulesHarness();
    // The answers to a batch come spread out: more than a fixed 2 s window would hold.
    for (let i = 1; i <= 30; i++) {
      rules.take(landed(`tski_${i}`));
      clock.advance(150);
    }
    clock.advance(10 * MINUTE);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: '30 changes sent',
      body: 'They waited until the service could be reached: “Task tski_1”, “Task tski_2” and 28 more.',
      target: null,
    });
  });

  it('one that waited is named and opens its task', () => {
    const { clock, shown, rules } = rulesHarness();
    rules.take(landed('tski_7', { title: 'Renew the SOC 2 report' }));
    clock.advance(5 * SECOND);
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Change sent',
        body: 'Your change to “Renew the SOC 2 report” waited until the service could be reached, and has now been sent.',
        target: { profileId: 'acme', taskId: 'tski_7' },
      }),
    ]);
  });

  it('a change taken at its first attempt is not notified: the person saw it confirm', () => {
    const { clock, shown, rules } = rulesHarness();
    expect(rules.take(landed('tski_1', { waited: false }))).toBe('not-waited');
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });

  it('changes landing in front of the person (popup open on their profile) are not notified', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.popupVisible = true;
    rules.take(landed('tski_1'));
    // Another profile's change is not what the popup shows.
    rules.take(landed('tski_2', { profileId: 'globex' }));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.title)).toEqual(['Change sent — Globex — web session']);
  });
});

describe('changes the service refused', () => {
  it('one made from the tray: its reason, and a click opens the task — even with the popup open', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.popupVisible = true;
    rules.take(refused('tski_9', clock.now(), { title: 'Check vendor DPA', origin: 'tray' }));
    clock.advance(5 * SECOND);
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Change refused',
        body: '“Check vendor DPA”: The service refused the change: "blocked" is not a status it knows.',
        target: { profileId: 'acme', taskId: 'tski_9' },
      }),
    ]);
  });

  it('one just made in the open popup is not notified: the row rolls back and says why', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.popupVisible = true;
    expect(rules.take(refused('tski_1', clock.now(), { origin: 'popup' }))).toBe('popup-shows-it');
    expect(rules.take(refused('tski_2', clock.now(), { origin: 'bulk' }))).toBe('popup-shows-it');
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });

  it('one just made in the open popup is notified when its task was unpinned since: no row says why', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.popupVisible = true;
    expect(rules.take(refused('tski_1', clock.now(), { origin: 'popup', unpinned: true }))).toBe(
      null,
    );
    clock.advance(MINUTE);
    expect(shown.map((n) => n.target?.taskId)).toEqual(['tski_1']);
  });

  it('one made in the popup is notified when the popup is closed, or when it waited before being refused', () => {
    const { clock, shown, rules, app } = rulesHarness();
    rules.take(refused('tski_1', clock.now(), { origin: 'popup' }));
    clock.advance(MINUTE);
    app.popupVisible = true;
    // Made ten minutes ago, waited offline, refused once it got through.
    rules.take(refused('tski_2', clock.now() - 10 * MINUTE, { origin: 'popup' }));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.target?.taskId)).toEqual(['tski_1', 'tski_2']);
  });

  it('a bulk of 200 refusals is one summary with their one reason', () => {
    const { clock, shown, rules } = rulesHarness();
    const madeAt = clock.now();
    for (let i = 1; i <= 200; i++) {
      rules.take(refused(`tski_${i}`, madeAt, { origin: 'bulk' }));
      clock.advance(10);
    }
    clock.advance(10 * MINUTE);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: '200 changes refused',
      body: '“Task tski_1”, “Task tski_2” and 198 more: The service refused the change: "blocked" is not a status it knows.',
      target: null,
    });
  });

  it('200 refusals trickling in at the pacer’s pace for minutes: one notification soon, one summary at the end', () => {
    const { clock, shown, shownAt, rules } = rulesHarness();
    const start = clock.now();
    // The pacer sends a burst of 48, then one request every 1.4 s: answers for almost four minutes.
    for (let i = 1; i <= 48; i++) rules.take(refused(`tski_${i}`, start, { origin: 'bulk' }));
    for (let i = 49; i <= 200; i++) {
      clock.advance(1_400);
      rules.take(refused(`tski_${i}`, start, { origin: 'bulk' }));
    }
    const end = clock.now();
    clock.advance(10 * MINUTE);
    expect(shown).toHaveLength(2);
    expect(shownAt[0]! - start).toBeLessThanOrEqual(10 * SECOND);
    expect(shownAt[1]! - end).toBeLessThanOrEqual(5 * SECOND);
    expect(shown[1]?.title).toMatch(/^\d+ more changes refused$/);
    expect(shown.reduce((sum, n) => sum + n.count, 0)).toBe(200);
  });

  it('different reasons are not listed: the notification says where to look', () => {
    const { clock, shown, rules } = rulesHarness();
    rules.take(refused('tski_1', clock.now()));
    rules.take(refused('tski_2', clock.now(), { reason: 'That task no longer exists.' }));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.body)).toEqual([
      '“Task tski_1” and “Task tski_2”: Open Task Tray to see why.',
    ]);
  });
});

describe('the burst limit', () => {
  it('shows three of a kind a minute; what comes beyond rolls into one summary once the minute allows', () => {
    const { clock, shown, rules } = rulesHarness();
    for (let i = 1; i <= 5; i++) {
      rules.take(refused(`tski_${i}`, clock.now()));
      clock.advance(10 * SECOND);
    }
    clock.advance(10 * MINUTE);
    expect(shown.map((n) => n.title)).toEqual([
      'Change refused',
      'Change refused',
      'Change refused',
      '2 more changes refused',
    ]);
    expect(shown.at(-1)?.body).toContain('“Task tski_4” and “Task tski_5”');
  });

  it('counts each kind on its own: refusals do not hold back an assignment', () => {
    const { clock, shown, rules } = rulesHarness();
    for (let i = 1; i <= 3; i++) {
      rules.take(refused(`tski_${i}`, clock.now()));
      clock.advance(5 * SECOND);
    }
    rules.take({ kind: 'assigned-to-me', profileId: 'acme', taskId: 'tski_50', title: 'New' });
    clock.advance(5 * SECOND);
    expect(shown.map((n) => n.kind)).toEqual([
      'change-refused',
      'change-refused',
      'change-refused',
      'assigned-to-me',
    ]);
  });
});

describe('settings', () => {
  it('a kind switched off is not notified; the others still are', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.settings = { ...app.settings, refused: false };
    expect(rules.take(refused('tski_1', clock.now()))).toBe('kind-off');
    rules.take(landed('tski_2'));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.kind)).toEqual(['change-landed']);
  });

  it('each kind has its own switch', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.settings = {
      enabled: true,
      landedAfterWait: false,
      refused: false,
      assigned: false,
      changedByOthers: false,
      reminders: false,
    };
    rules.take(landed('tski_1'));
    rules.take(refused('tski_2', clock.now()));
    rules.take({ kind: 'assigned-to-me', profileId: 'acme', taskId: 'tski_3', title: null });
    rules.take({
      kind: 'changed-by-other',
      profileId: 'acme',
      taskId: 'tski_4',
      title: null,
      by: 'Ann',
      fields: ['the status to Done'],
    });
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });

  it('the master switch silences every kind, its own switches on or not', () => {
    const { clock, shown, rules, app } = rulesHarness();
    app.settings = { ...app.settings, enabled: false };
    expect(rules.take(refused('tski_1', clock.now()))).toBe('all-off');
    rules.take(landed('tski_2'));
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });

  it('switched off while a batch gathers: the batch is not shown', () => {
    const { clock, shown, rules, app } = rulesHarness();
    rules.take(landed('tski_1'));
    clock.advance(500);
    app.settings = { ...app.settings, enabled: false };
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });
});

describe('profiles', () => {
  it('names the profile when it is not the one the popup shows, and not when it is', () => {
    const { clock, shown, rules, app } = rulesHarness();
    rules.take(refused('tski_1', clock.now()));
    rules.take({ kind: 'assigned-to-me', profileId: 'globex', taskId: 'tski_2', title: 'Audit' });
    clock.advance(MINUTE);
    app.shownProfileId = null;
    rules.take(landed('tski_3'));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.title)).toEqual([
      'Change refused',
      'Assigned to you — Globex — web session',
      'Change sent — Acme — API key',
    ]);
    expect(shown[1]?.target).toEqual({ profileId: 'globex', taskId: 'tski_2' });
  });

  it('a summary over two profiles names both', () => {
    const { clock, shown, rules } = rulesHarness();
    rules.take(landed('tski_1'));
    rules.take(landed('tski_2', { profileId: 'globex' }));
    clock.advance(MINUTE);
    expect(shown.map((n) => n.title)).toEqual([
      '2 changes sent — Acme — API key and Globex — web session',
    ]);
  });
});

describe('what a notification may carry', () => {
  it('a task title is shown on one line, its controls removed, and cut when long', () => {
    const { clock, shown, rules } = rulesHarness();
    rules.take(landed('tski_1', { title: `Renew\u202E\nthe ${'very '.repeat(30)}long contract` }));
    rules.take({ kind: 'assigned-to-me', profileId: 'acme', taskId: 'tski_2', title: null });
    clock.advance(MINUTE);
    const [sent, assigned] = shown;
    expect(sent?.body).toMatch(/^Your change to “Renew the very very .{20,}…” waited/);
    expect(sent?.body).not.toMatch(/[\u202E\n]/);
    // Without a title the task is named by its id.
    expect(assigned?.body).toBe('“tski_2”');
  });
});

describe('quitting', () => {
  it('leaves no timer behind and shows nothing gathered', () => {
    const { clock, shown, rules } = rulesHarness();
    rules.take(landed('tski_1'));
    expect(clock.pending).toBe(1);
    rules.dispose();
    expect(clock.pending).toBe(0);
    clock.advance(MINUTE);
    expect(shown).toEqual([]);
  });
});
