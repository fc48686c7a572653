import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEvidenceStore } from '../../../main/evidence/evidence-store';
import { createSecretGuard } from '../../../main/secrets/secret-guard';

const KEY = `comp_${'c0ffee'.repeat(10)}`;

/** Invariant 1: the list of evidence waiting is one of main's files, and passes the secret guard. */
describe('the evidence list on disk', () => {
  it('never holds the key, even in a description or a name a person pasted it into', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'task-tray-evidence-guard-'));
    const guard = createSecretGuard([KEY]);
    const store = createEvidenceStore(dir, (v) => guard.value(v));
    await mkdir(join(dir, 'evidence'), { recursive: true });
    const saved = await store.save([
      {
        id: 'f1',
        profileId: 'p1',
        taskId: 'tsk_a1',
        name: `notes ${KEY}.pdf`,
        mime: 'application/pdf',
        size: 10,
        description: `the key is ${KEY}`,
        addedAt: new Date(0).toISOString(),
      },
    ]);
    expect(saved).toEqual({ ok: true, value: null });
    const text = await readFile(join(dir, 'evidence', 'queue.json'), 'utf8');
    expect(text).toContain('tsk_a1');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('c0ffeec0ffee');
  });
});
