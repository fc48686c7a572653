import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isComplianceRef,
  parseTaskRef,
  TASK_REF_MAX_LENGTH,
  webAppTaskLink,
} from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import { TASK_ID_PATTERN } from '../../common/task';
import type { Result } from '../../common/result';

const valueOf = (r: Result<TaskRef>): TaskRef => {
  if (!r.ok) throw new Error(`expected a task, got: ${r.error.message}`);
  return r.value;
};
const messageOf = (r: Result<TaskRef>): string => {
  if (r.ok) throw new Error(`expected an error, got task ${r.value.taskId}`);
  expect(r.error.kind).toBe('bad_input');
  return r.error.message;
};

const WEB = 'https://app.trycomp.ai';

describe('parseTaskRef: bare ids', () => {
  it('accepts a task id, with the whitespace and invisible characters a paste brings', () => {
    expect(parseTaskRef('tski_abc123XYZ')).toEqual({
      ok: true,
      value: { taskId: 'tski_abc123XYZ' },
    });
    expect(valueOf(parseTaskRef('  tski_abc123\n'))).toEqual({ taskId: 'tski_abc123' });
    expect(valueOf(parseTaskRef('\u200Btski_abc\uFEFF\u00A0'))).toEqual({ taskId: 'tski_abc' });
    // Direction marks around a link in right-to-left text, a soft hyphen from a document.
    expect(valueOf(parseTaskRef('\u200Ftski_abc\u200E'))).toEqual({ taskId: 'tski_abc' });
    expect(valueOf(parseTaskRef('\u2067tski_abc\u2069\u00AD'))).toEqual({ taskId: 'tski_abc' });
  });

  it('accepts an id wrapped in quotes or backticks as chat apps copy it', () => {
    expect(valueOf(parseTaskRef('"tski_abc"'))).toEqual({ taskId: 'tski_abc' });
    expect(valueOf(parseTaskRef('`tski_abc`'))).toEqual({ taskId: 'tski_abc' });
    expect(valueOf(parseTaskRef('\u201Ctski_abc\u201D'))).toEqual({ taskId: 'tski_abc' });
  });

  it('says the input is empty when there is nothing but whitespace', () => {
    for (const text of ['', '   ', '\n\t', '\u200B']) {
      expect(messageOf(parseTaskRef(text))).toBe('Paste a task id (tski_…) or a link to a task.');
    }
  });

  it('names the character that makes an id malformed', () => {
    expect(messageOf(parseTaskRef('tski_ab-c'))).toBe(
      'tski_ ids contain only letters and digits; this one has "-". Copy the id again.',
    );
    expect(messageOf(parseTaskRef('tski_ab c'))).toContain('this one has a space');
    expect(messageOf(parseTaskRef('tski_abc.'))).toContain('this one has "."');
    expect(messageOf(parseTaskRef('tski_ab\u200Bc'))).toContain('an invisible character (U+200B)');
    // A Cyrillic "а" looks like a Latin one: named with its code point, or the message reads as nonsense.
    expect(messageOf(parseTaskRef('tski_\u0430bc'))).toContain(
      'this one has "\u0430" (U+0430), outside A–Z, a–z and 0–9',
    );
  });

  it('explains an incomplete, a too-long and a wrongly cased id', () => {
    expect(messageOf(parseTaskRef('tski_'))).toBe(
      'The task id is incomplete: letters and digits must follow "tski_". Copy the id again.',
    );
    expect(valueOf(parseTaskRef(`tski_${'a'.repeat(64)}`)).taskId).toHaveLength(69);
    expect(messageOf(parseTaskRef(`tski_${'a'.repeat(65)}`))).toContain(
      'at most 64 letters and digits',
    );
    expect(messageOf(parseTaskRef('TSKI_abc'))).toContain('start with a lowercase "tski_"');
  });

  it('refuses text that is neither a link nor an id, and says what to paste instead', () => {
    expect(messageOf(parseTaskRef('fix the vendor review'))).toBe(
      'That is neither a task id (tski_…) nor a link to a task: open the task in the web app and copy its link.',
    );
    expect(messageOf(parseTaskRef('please look at tski_abc today'))).toBe(
      'Paste only the task id (tski_…) or the whole link, without other text around it.',
    );
  });

  it('refuses anything longer than the limit, whatever it holds', () => {
    const long = `${WEB}/org_a/vendors/vnd_b?taskItemId=tski_c&x=${'y'.repeat(TASK_REF_MAX_LENGTH)}`;
    expect(messageOf(parseTaskRef(long))).toBe(
      'That is too long to be a task id or link (at most 4096 characters): copy just the link.',
    );
    // Padding is not content: a short id inside a lot of whitespace is still just the id.
    expect(valueOf(parseTaskRef(`${' '.repeat(10_000)}tski_a${' '.repeat(10_000)}`))).toEqual({
      taskId: 'tski_a',
    });
  });
});

describe('parseTaskRef: web-app links', () => {
  it('reads the task, organization and vendor from a vendor link', () => {
    expect(
      parseTaskRef(`${WEB}/org_6Kq2fA/vendors/vnd_9XbT3m?taskItemId=tski_7Hn4pQw#task-items`),
    ).toEqual({
      ok: true,
      value: {
        taskId: 'tski_7Hn4pQw',
        organizationId: 'org_6Kq2fA',
        entityType: 'vendor',
        entityId: 'vnd_9XbT3m',
      },
    });
  });

  it('reads a risk link, with "risk" singular as the web app writes it, and "risks" too', () => {
    const expected = {
      taskId: 'tski_R1',
      organizationId: 'org_A',
      entityType: 'risk',
      entityId: 'rsk_B2',
    };
    expect(valueOf(parseTaskRef(`${WEB}/org_A/risk/rsk_B2?taskItemId=tski_R1#task-items`))).toEqual(
      expected,
    );
    expect(valueOf(parseTaskRef(`${WEB}/org_A/risks/rsk_B2?taskItemId=tski_R1`))).toEqual(expected);
  });

  it('works when the web app is hosted under a path prefix, on http, with a port, or pasted without https://', () => {
    const expected = {
      taskId: 'tski_t',
      organizationId: 'org_o',
      entityType: 'vendor',
      entityId: 'vnd_v',
    };
    expect(
      valueOf(
        parseTaskRef('https://example.com/compliance/app/org_o/vendors/vnd_v?taskItemId=tski_t'),
      ),
    ).toEqual(expected);
    expect(
      valueOf(parseTaskRef('http://localhost:3000/org_o/vendors/vnd_v?taskItemId=tski_t')),
    ).toEqual(expected);
    expect(valueOf(parseTaskRef('app.trycomp.ai/org_o/vendors/vnd_v?taskItemId=tski_t'))).toEqual(
      expected,
    );
    expect(valueOf(parseTaskRef('localhost:3000/org_o/vendors/vnd_v?taskItemId=tski_t'))).toEqual(
      expected,
    );
  });

  it('keeps the task when other query parameters and a fragment surround it, or Slack wraps the link', () => {
    expect(
      valueOf(
        parseTaskRef(
          `<${WEB}/org_o/vendors/vnd_v?tab=tasks&taskItemId=tski_t&sort=desc#task-items>`,
        ),
      ),
    ).toMatchObject({ taskId: 'tski_t', organizationId: 'org_o' });
  });

  it('reads a task id with a space typed after "taskItemId="', () => {
    expect(
      valueOf(parseTaskRef(`${WEB}/org_abc/vendors/vnd_x1?taskItemId= tski_abc123#task-items`)),
    ).toMatchObject({ taskId: 'tski_abc123', organizationId: 'org_abc' });
    // Blank once trimmed, it names no task: the id in the path does.
    expect(valueOf(parseTaskRef(`${WEB}/org_abc/tski_abc123?taskItemId=%20`))).toMatchObject({
      taskId: 'tski_abc123',
    });
  });

  it('keeps the task id even when the path around it is not one it knows', () => {
    expect(valueOf(parseTaskRef(`${WEB}/org_o/settings?taskItemId=tski_t`))).toEqual({
      taskId: 'tski_t',
      organizationId: 'org_o',
    });
    expect(valueOf(parseTaskRef(`${WEB}/somewhere?taskItemId=tski_t`))).toEqual({
      taskId: 'tski_t',
    });
    // A vendor segment holding a risk id is not trusted as either.
    expect(valueOf(parseTaskRef(`${WEB}/org_o/vendors/rsk_x?taskItemId=tski_t`))).toEqual({
      taskId: 'tski_t',
      organizationId: 'org_o',
    });
  });

  it('takes a task id that is itself a path segment when the query names none', () => {
    expect(valueOf(parseTaskRef(`${WEB}/org_o/tasks/tski_t`))).toEqual({
      taskId: 'tski_t',
      organizationId: 'org_o',
    });
  });

  it('says what a link without a task points to, and what to do', () => {
    expect(messageOf(parseTaskRef(`${WEB}/org_o/vendors/vnd_v`))).toBe(
      'This link points to a vendor, not a task: open the task and copy its link.',
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o/risk/rsk_r#task-items`))).toBe(
      'This link points to a risk, not a task: open the task and copy its link.',
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o/frameworks`))).toBe(
      'This link points to an organization, not a task: open the task and copy its link.',
    );
    expect(messageOf(parseTaskRef('https://example.com/'))).toBe(
      'This link has no task in it: open the task in the web app and copy its link.',
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o/vendors/vnd_v?taskItemId=`))).toContain(
      'points to a vendor',
    );
  });

  it('refuses a link whose task id is malformed, naming the culprit', () => {
    expect(messageOf(parseTaskRef(`${WEB}/org_o/vendors/vnd_v?taskItemId=tski_a%2Fb`))).toBe(
      'tski_ ids contain only letters and digits; the task id in this link has "/". Copy the link again.',
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o/vendors/vnd_v?taskItemId=abc`))).toContain(
      'start with a lowercase "tski_"',
    );
  });

  it('refuses a link naming two different tasks rather than guessing', () => {
    expect(messageOf(parseTaskRef(`${WEB}/x?taskItemId=tski_a&taskItemId=tski_b`))).toBe(
      'This link names more than one task: open the task and copy its link again.',
    );
    expect(valueOf(parseTaskRef(`${WEB}/x?taskItemId=tski_a&taskItemId=tski_a`))).toEqual({
      taskId: 'tski_a',
    });
  });

  it('refuses a link that is not a valid address', () => {
    expect(messageOf(parseTaskRef('https://'))).toBe(
      'That link is not a valid web address: check that it was copied whole.',
    );
    expect(messageOf(parseTaskRef('http://exa mple.com/?taskItemId=tski_a'))).toContain(
      'not a valid web address',
    );
  });

  it('refuses schemes other than http(s) and tasktray, naming the scheme', () => {
    expect(messageOf(parseTaskRef('ftp://example.com/?taskItemId=tski_a'))).toBe(
      'Only web links (http:// or https://) and tasktray:// links can name a task, not "ftp:" links.',
    );
    expect(messageOf(parseTaskRef('javascript:alert("tski_a")'))).toContain(
      'not "javascript:" links',
    );
    expect(messageOf(parseTaskRef('file:///etc/passwd'))).toContain('not "file:" links');
  });
});

describe('parseTaskRef: tasktray:// links', () => {
  it('reads a task, with or without its organization', () => {
    expect(valueOf(parseTaskRef('tasktray://task/tski_abc'))).toEqual({ taskId: 'tski_abc' });
    expect(valueOf(parseTaskRef('tasktray://task/tski_abc?org=org_x1'))).toEqual({
      taskId: 'tski_abc',
      organizationId: 'org_x1',
    });
    expect(valueOf(parseTaskRef('TaskTray://Task/tski_abc'))).toEqual({ taskId: 'tski_abc' });
    expect(valueOf(parseTaskRef('tasktray:task/tski_abc'))).toEqual({ taskId: 'tski_abc' });
  });

  it('says what is wrong with a tasktray link that names no valid task', () => {
    expect(messageOf(parseTaskRef('tasktray://settings'))).toBe(
      'That tasktray:// link does not name a task: it should look like tasktray://task/tski_….',
    );
    expect(messageOf(parseTaskRef('tasktray://task/tski_a/extra'))).toContain(
      'does not name a task',
    );
    expect(messageOf(parseTaskRef('tasktray://task/'))).toBe(
      'That tasktray:// link has no task id after "task/".',
    );
    expect(messageOf(parseTaskRef('tasktray://task/tski_a-b'))).toContain(
      'the task id in this link has "-"',
    );
    expect(messageOf(parseTaskRef('tasktray://task/tski_a?org=acme'))).toBe(
      'The org in that tasktray:// link is not an organization id (org_ and letters and digits).',
    );
  });
});

// ---- properties ----

const alnum = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    minLength: min,
    maxLength: max,
  });
const taskIdArb = alnum(1, 64).map((s) => `tski_${s}`);
const orgIdArb = alnum(1, 64).map((s) => `org_${s}`);

/** Strings built from the pieces links are made of, so the generator reaches the parser's deeper paths. */
const linkishArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'https://',
        'http://',
        'tasktray://',
        'task/',
        'tski_',
        'org_',
        'vnd_',
        'rsk_',
        '/vendors/',
        '/risk/',
        '/risks/',
        '?taskItemId=',
        '&taskItemId=',
        '?org=',
        '#task-items',
        '%',
        ' ',
        '\u200B',
        '<',
        '>',
        '"',
        ':',
        'localhost:3000/',
        'a.b/',
      ),
      fc.string({ maxLength: 8 }),
      alnum(1, 70),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  linkishArb,
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

describe('parseTaskRef: properties', () => {
  it('never throws, and every refusal is a short bad_input message', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseTaskRef(text);
        if (!r.ok) {
          expect(r.error.kind).toBe('bad_input');
          expect(r.error.message.length).toBeGreaterThan(10);
          expect(r.error.message.length).toBeLessThan(200);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on values that are not strings at all (a caller bypassing the types)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(parseTaskRef(value as string).ok).toBe(false);
      }),
    );
  });

  it('never returns a task id that fails TASK_ID_PATTERN, nor an organization id of another shape', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseTaskRef(text);
        if (r.ok) {
          expect(r.value.taskId).toMatch(TASK_ID_PATTERN);
          if (r.value.organizationId !== undefined)
            expect(r.value.organizationId).toMatch(/^org_[A-Za-z0-9]{1,64}$/);
          if (r.value.entityId !== undefined)
            expect(r.value.entityId).toMatch(/^(vnd|rsk)_[A-Za-z0-9]{1,64}$/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips any valid id embedded in any valid web-app link', () => {
    const pathPrefix = fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { maxLength: 3 });
    const extraParams = fc.array(
      fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 10 })),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        fc.domain(),
        pathPrefix,
        orgIdArb,
        fc.constantFrom(
          ['vendors', 'vendor', 'vnd_'] as const,
          ['risk', 'risk', 'rsk_'] as const,
          ['risks', 'risk', 'rsk_'] as const,
        ),
        alnum(1, 64),
        taskIdArb,
        extraParams,
        fc.constantFrom('', '#task-items', '#'),
        fc.constantFrom('', ' ', '\n', '\u200B'),
        (
          scheme,
          host,
          prefix,
          orgId,
          [word, entityType, idPrefix],
          entitySuffix,
          taskId,
          extra,
          hash,
          pad,
        ) => {
          const query = [
            ...extra
              .filter(([k]) => k !== 'taskItemId')
              .map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
            `taskItemId=${taskId}`,
          ].join('&');
          const path = [...prefix, orgId, word, idPrefix + entitySuffix].join('/');
          const link = `${pad}${scheme}://${host}/${path}?${query}${hash}${pad}`;
          expect(parseTaskRef(link)).toEqual({
            ok: true,
            value: { taskId, organizationId: orgId, entityType, entityId: idPrefix + entitySuffix },
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('round-trips any valid id as a bare id and in a tasktray:// link', () => {
    fc.assert(
      fc.property(taskIdArb, fc.option(orgIdArb, { nil: undefined }), (taskId, org) => {
        expect(parseTaskRef(` ${taskId} `)).toEqual({ ok: true, value: { taskId } });
        const link = `tasktray://task/${taskId}${org === undefined ? '' : `?org=${org}`}`;
        expect(valueOf(parseTaskRef(link))).toEqual(
          org === undefined ? { taskId } : { taskId, organizationId: org },
        );
      }),
    );
  });

  it('never echoes a pasted secret back in an error message', () => {
    // Someone pastes their API key into the task field: the refusal must not repeat it.
    const apiKey = fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `comp_${hex}`);
    fc.assert(
      fc.property(
        apiKey,
        fc.constantFrom('', 'https://x.test/?k=', 'tski_', 'ftp://'),
        (key, lead) => {
          const r = parseTaskRef(lead + key);
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.message).not.toContain(key.slice(5, 15));
        },
      ),
    );
  });
});

describe('webAppTaskLink: the link the task view opens', () => {
  it('is one parseTaskRef reads back, for a vendor and for a risk', () => {
    for (const [entityType, entityId] of [
      ['vendor', 'vnd_k2j3h4'],
      ['risk', 'rsk_w5e1t9'],
    ] as const) {
      const link = webAppTaskLink({
        signInUrl: 'https://app.trycomp.ai/',
        organizationId: 'org_7kq2m9',
        entityType,
        entityId,
        taskId: 'tski_abc123',
      });
      expect(parseTaskRef(link!)).toEqual({
        ok: true,
        value: { taskId: 'tski_abc123', organizationId: 'org_7kq2m9', entityType, entityId },
      });
    }
  });

  it('is null without what it needs', () => {
    const base = {
      signInUrl: 'https://app.trycomp.ai/',
      organizationId: 'org_7kq2m9',
      entityType: 'vendor' as const,
      entityId: 'vnd_k2j3h4',
      taskId: 'tski_abc123',
    };
    expect(webAppTaskLink({ ...base, entityId: null })).toBeNull();
    expect(webAppTaskLink({ ...base, signInUrl: 'not a url' })).toBeNull();
  });
});

/** Compliance tasks' links and ids (`tsk_…`), beside task items'. */
describe('parseTaskRef: compliance tasks (tsk_…)', () => {
  it("reads the web app's page of a compliance task, with its organization", () => {
    const ref = valueOf(parseTaskRef(`${WEB}/org_o1/tasks/tsk_n1access7review`));
    expect(ref).toEqual({ taskId: 'tsk_n1access7review', organizationId: 'org_o1' });
    expect(isComplianceRef(ref)).toBe(true);
    // Under a prefix, with a query or a fragment, wrapped in <…>, without https://.
    expect(valueOf(parseTaskRef(`<${WEB}/app/org_o1/tasks/tsk_a?tab=evidence#x>`))).toEqual({
      taskId: 'tsk_a',
      organizationId: 'org_o1',
    });
    expect(valueOf(parseTaskRef('app.trycomp.ai/org_o1/tasks/tsk_a')).taskId).toBe('tsk_a');
  });

  it('reads a bare id and a tasktray:// link', () => {
    expect(valueOf(parseTaskRef('  tsk_abc123\u200B'))).toEqual({ taskId: 'tsk_abc123' });
    expect(valueOf(parseTaskRef('tasktray://task/tsk_abc123'))).toEqual({ taskId: 'tsk_abc123' });
    expect(valueOf(parseTaskRef('tasktray://task/tsk_abc?org=org_o1'))).toEqual({
      taskId: 'tsk_abc',
      organizationId: 'org_o1',
    });
  });

  it('says exactly what is wrong with a malformed one', () => {
    expect(messageOf(parseTaskRef(`${WEB}/org_o1/tasks`))).toBe(
      "This link points to the organization's Tasks page, not a task: open the task and copy its link.",
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o1/tasks/tsk_ab-c`))).toBe(
      'tsk_ ids contain only letters and digits; the task id in this link has "-". Copy the link again.',
    );
    expect(messageOf(parseTaskRef(`${WEB}/org_o1/tasks/frameworks`))).toBe(
      'Compliance task ids start with a lowercase "tsk_"; the task id in this link does not. Copy the link again.',
    );
    expect(messageOf(parseTaskRef('tsk_'))).toBe(
      'The task id is incomplete: letters and digits must follow "tsk_". Copy the id again.',
    );
    expect(messageOf(parseTaskRef(`tsk_${'a'.repeat(65)}`))).toMatch(
      /a tsk_ id has at most 64 letters and digits/,
    );
    expect(messageOf(parseTaskRef('tasktray://task/tsk_a b'))).toMatch(/tsk_ ids contain only/);
    expect(messageOf(parseTaskRef('TSK_abc'))).toMatch(/start with a lowercase "tsk_"/);
  });

  it('task items read as they always did', () => {
    const item = valueOf(parseTaskRef(`${WEB}/org_o/tasks/tski_t`));
    expect(item).toEqual({ taskId: 'tski_t', organizationId: 'org_o' });
    expect(isComplianceRef(item)).toBe(false);
    // A task item named in the query wins over the path.
    expect(valueOf(parseTaskRef(`${WEB}/org_o/tasks/tsk_a?taskItemId=tski_b`)).taskId).toBe(
      'tski_b',
    );
  });
});
