import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConnectApiKeyInput } from '../../../common/ipc';
import type { AppError, Result } from '../../../common/result';
import { createMemorySecretStore } from '../../../main/secrets/memory-secret-store';
import { defaultSettings } from '../../../main/settings/schema';
import type { Settings } from '../../../main/settings/schema';
import { createSettingsStore } from '../../../main/settings/settings-store';
import { failure, unwrap } from '../../helpers/result';
import { filesContaining, useTempDirs } from '../../helpers/temp-dir';

const FILE = 'settings.json';
const fixedClock = () => new Date('2026-03-04T05:06:07.089Z');

const profile = (id: string): Settings['profiles'][number] => ({
  id,
  label: `Org ${id}`,
  baseUrl: 'https://api.example.com',
  authKind: 'api-key',
  organizationId: 'org_1',
  createdAt: '2026-01-02T03:04:05.000Z',
});

const pin = (taskId: string): Settings['pinned'][number] => ({
  profileId: 'prof_1',
  taskId,
  ref: {},
  snapshot: null,
  error: null,
  pinnedAt: '2026-01-02T03:04:05.000Z',
});

describe('the settings store', () => {
  const tempDir = useTempDirs('task-tray-settings-');

  const fresh = async (opts: { now?: () => Date } = {}) => {
    const dir = await tempDir();
    const filePath = join(dir, FILE);
    return { dir, filePath, store: createSettingsStore({ filePath, ...opts }) };
  };

  it('starts with the defaults when there is no file, without creating one', async () => {
    const { dir, store } = await fresh();
    expect(await store.load()).toEqual({ settings: defaultSettings(), problem: null });
    expect(store.get()).toEqual(defaultSettings());
    expect(await readdir(dir)).toEqual([]);
  });

  it('saves a change and reads it back after a restart', async () => {
    const { filePath, store } = await fresh();
    await store.load();
    const saved = unwrap(
      await store.update((s) => ({
        ...s,
        profiles: [profile('prof_1')],
        activeProfileId: 'prof_1',
        pinned: [
          {
            ...pin('tski_a1'),
            ref: { organizationId: 'org_1', entityType: 'risk', entityId: 'rsk_1' },
            snapshot: {
              id: 'tski_a1',
              title: 'Rotate keys',
              status: 'in_review',
              priority: 'high',
              warnings: [],
            },
            error: {
              kind: 'forbidden',
              message: 'API key lacks required permission scope',
              status: 403,
            },
          },
        ],
        theme: 'dark',
        launchAtLogin: true,
        shortcut: 'CommandOrControl+Alt+K',
      })),
    );
    expect(store.get()).toEqual(saved);

    const again = createSettingsStore({ filePath });
    const { settings, problem } = await again.load();
    expect(problem).toBeNull();
    expect(settings).toEqual(saved);
    expect(settings.pinned[0]?.snapshot?.title).toBe('Rotate keys');
  });

  it.skipIf(process.platform === 'win32')(
    'keeps the file private to the user (0o600)',
    async () => {
      const { filePath, store } = await fresh();
      await store.load();
      unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
      expect((await stat(filePath)).mode & 0o777).toBe(0o600);
    },
  );

  it('creates the user-data folder on the first save', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'not', 'yet', FILE);
    const store = createSettingsStore({ filePath });
    await store.load();
    unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toMatchObject({ theme: 'light' });
  });

  it('fills in fields an older file does not have', async () => {
    const { filePath, store } = await fresh();
    await writeFile(filePath, JSON.stringify({ version: 1, theme: 'dark' }));
    const { settings, problem } = await store.load();
    expect(problem).toBeNull();
    expect(settings).toEqual({ ...defaultSettings(), theme: 'dark' });
  });

  it('keeps everything else when the saved shortcut is one this version refuses', async () => {
    const { dir, filePath, store } = await fresh();
    // An older build took Ctrl/Cmd+Shift+T ("reopen closed tab") as its default.
    const old = {
      version: 1,
      theme: 'dark',
      shortcut: 'CommandOrControl+Shift+T',
      launchAtLogin: true,
    };
    await writeFile(filePath, JSON.stringify(old));
    const { settings, problem } = await store.load();
    expect(problem).toBeNull();
    expect(settings).toEqual({ ...defaultSettings(), theme: 'dark', launchAtLogin: true });
    expect(await readdir(dir)).toEqual([FILE]);
  });

  it('reads a file saved with a byte-order mark by a Windows editor', async () => {
    const { filePath, store } = await fresh();
    await writeFile(filePath, `\uFEFF${JSON.stringify({ theme: 'light' })}`);
    expect((await store.load()).settings.theme).toBe('light');
  });

  const unusable: Array<[string, string, string, RegExp]> = [
    ['not JSON', '{"theme": "dark",', 'corrupt', /is not valid JSON/],
    ['empty', '', 'corrupt', /is not valid JSON/],
    [
      'from a newer version',
      JSON.stringify({ version: 7, theme: 'dark', newThing: true }),
      'future',
      /newer Task Tray \(settings version 7; this one reads version 1\)/,
    ],
  ];

  it.each(unusable)(
    'moves a file that is %s aside, byte for byte, reports where, and starts from defaults',
    async (_what, content, kind, why) => {
      const { dir, filePath, store } = await fresh({ now: fixedClock });
      await writeFile(filePath, content);
      const { settings, problem } = await store.load();

      const aside = join(dir, `settings.${kind}-2026-03-04T05-06-07-089Z.json`);
      expect(settings).toEqual(defaultSettings());
      expect(problem?.kind).toBe('storage');
      expect(problem?.message).toMatch(why);
      expect(problem?.message).toContain(`moved to ${aside}`);
      expect(await readdir(dir)).toEqual([`settings.${kind}-2026-03-04T05-06-07-089Z.json`]);
      expect(await readFile(aside, 'utf8')).toBe(content);

      // The next save starts a clean file and leaves the moved one alone.
      unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
      expect(await readFile(aside, 'utf8')).toBe(content);
      expect((await readdir(dir)).sort()).toEqual(
        [FILE, `settings.${kind}-2026-03-04T05-06-07-089Z.json`].sort(),
      );
    },
  );

  it('keeps accounts, pins and the installation key when one field is bad, and says what went back to its default', async () => {
    const { dir, filePath, store } = await fresh({ now: fixedClock });
    const fingerprintKey = 'ab'.repeat(32);
    const content = JSON.stringify({
      version: 1,
      theme: 'Dark',
      profiles: [profile('prof_1'), { id: 'broken' }],
      activeProfileId: 'prof_1',
      pinned: [pin('tski_a1'), pin('tski_a2')],
      requestsPerMinute: 30,
      fingerprintKey,
    });
    await writeFile(filePath, content);
    const { settings, problem } = await store.load();
    expect(settings).toEqual({
      ...defaultSettings(),
      profiles: [profile('prof_1')],
      activeProfileId: 'prof_1',
      pinned: [pin('tski_a1'), pin('tski_a2')],
      requestsPerMinute: 30,
      fingerprintKey,
    });
    const aside = join(dir, 'settings.corrupt-2026-03-04T05-06-07-089Z.json');
    expect(problem?.message).toMatch(/cannot use \(.*theme/);
    expect(problem?.message).toContain(`moved to ${aside}`);
    expect(problem?.message).toContain(
      'Task Tray kept what it could read of it: 1 account, 2 pinned tasks, the key that names accounts on this computer. Back to its default: theme. Left out: 1 account.',
    );
    expect(await readFile(aside, 'utf8')).toBe(content);
    // Written back at once: the next start reads what was kept, with no problem.
    const again = await createSettingsStore({ filePath }).load();
    expect(again).toEqual({ settings, problem: null });
  });

  it('puts only the fields that cannot be read back to their defaults, and keeps the file aside', async () => {
    const { dir, filePath, store } = await fresh({ now: fixedClock });
    const content = JSON.stringify({ version: 1, theme: 'purple', profiles: 'none' });
    await writeFile(filePath, content);
    const { settings, problem } = await store.load();
    expect(settings).toEqual(defaultSettings());
    expect(problem?.message).toMatch(/cannot use \(profiles: .*theme: /);
    expect(problem?.message).toContain(
      'kept what it could read of it: 0 accounts, 0 pinned tasks. Back to its default: theme, profiles.',
    );
    expect(
      await readFile(join(dir, 'settings.corrupt-2026-03-04T05-06-07-089Z.json'), 'utf8'),
    ).toBe(content);
  });

  it('leaves out what it does not know, a secret or a name every object has, and writes none of it back', async () => {
    const { filePath, store } = await fresh({ now: fixedClock });
    const content = JSON.stringify({
      theme: 'Dark',
      apiKey: 'comp_0123456789abcdef0123456789abcdef',
      constructor: 1,
      toString: 'x',
      profiles: [profile('prof_1')],
    });
    await writeFile(filePath, content);
    const { settings, problem } = await store.load();
    expect(settings.profiles).toEqual([profile('prof_1')]);
    expect(problem?.message).toContain(
      'Left out: the unknown field "apiKey", the unknown field "constructor", the unknown field "toString".',
    );
    const written = await readFile(filePath, 'utf8');
    expect(written).not.toContain('comp_0123');
    expect(written).not.toContain('constructor');
  });

  it('puts a damaged file back, and saves over nothing, when what it kept cannot be written', async () => {
    const { dir, filePath, store } = await fresh({ now: fixedClock });
    const content = JSON.stringify({ theme: 'Dark', profiles: [profile('prof_1')], myNote: 'x' });
    await writeFile(filePath, content);
    // The disk is full for new files (the atomic write's temp file): the move aside still works.
    const promises = fs.promises as { open: typeof fs.promises.open };
    const realOpen = promises.open;
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    promises.open = ((path: string, ...rest: []) =>
      String(path).includes('.tmp-')
        ? Promise.reject(full)
        : realOpen(path, ...rest)) as typeof promises.open;
    syncBuiltinESMExports();
    try {
      const { settings, problem } = await store.load();
      expect(settings.profiles).toEqual([profile('prof_1')]);
      expect(problem?.message).toMatch(/could not be saved again .*was left as it was/);
      expect(await readdir(dir)).toEqual([FILE]);
      expect(await readFile(filePath, 'utf8')).toBe(content);
      // Still full: a change is refused rather than written over the file.
      expect(failure(await store.update((s) => ({ ...s, theme: 'light' }))).kind).toBe('storage');
      expect(await readFile(filePath, 'utf8')).toBe(content);
    } finally {
      promises.open = realOpen;
      syncBuiltinESMExports();
    }
    // Space again: the next change moves the file aside first, then saves.
    unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
    const aside = join(dir, 'settings.corrupt-2026-03-04T05-06-07-089Z.json');
    expect(await readFile(aside, 'utf8')).toBe(content);
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toMatchObject({
      theme: 'light',
      profiles: [profile('prof_1')],
    });
  });

  it('never moves one bad file over another moved aside at the same moment', async () => {
    const { dir, filePath } = await fresh();
    for (const content of ['first {', 'second {']) {
      await writeFile(filePath, content);
      await createSettingsStore({ filePath, now: fixedClock }).load();
    }
    const moved = (await readdir(dir)).sort();
    expect(moved).toEqual([
      'settings.corrupt-2026-03-04T05-06-07-089Z-2.json',
      'settings.corrupt-2026-03-04T05-06-07-089Z.json',
    ]);
    const contents = await Promise.all(moved.map((m) => readFile(join(dir, m), 'utf8')));
    expect(contents.sort()).toEqual(['first {', 'second {']);
  });

  it('does not quote the broken file in its report', async () => {
    const { filePath, store } = await fresh();
    const secret = 'comp_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';
    await writeFile(filePath, `{"apiKey": "${secret}"`);
    const { problem } = await store.load();
    expect(problem?.message).not.toContain(secret);
  });

  it('serializes concurrent updates: 50 at once, each adding a pin, all 50 kept in order', async () => {
    const { filePath, store } = await fresh();
    await store.load();
    const ids = Array.from({ length: 50 }, (_, i) => `tski_n${i}`);
    const results = await Promise.all(
      ids.map((id) => store.update((s) => ({ ...s, pinned: [...s.pinned, pin(id)] }))),
    );
    // Each update saw the one before it: the i-th result holds i + 1 pins.
    expect(results.map((r) => unwrap(r).pinned.length)).toEqual(ids.map((_, i) => i + 1));
    expect(store.get().pinned.map((p) => p.taskId)).toEqual(ids);
    const onDisk = JSON.parse(await readFile(filePath, 'utf8')) as Settings;
    expect(onDisk.pinned.map((p) => p.taskId)).toEqual(ids);
  });

  it('leaves no temp file behind after many saves', async () => {
    const { dir, store } = await fresh();
    await store.load();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.update((s) => ({ ...s, requestsPerMinute: i + 1 })),
      ),
    );
    expect(await readdir(dir)).toEqual([FILE]);
  });

  it('refuses an invalid change: bad_input, file and memory as they were, later saves still work', async () => {
    const { filePath, store } = await fresh();
    await store.load();
    unwrap(await store.update((s) => ({ ...s, theme: 'dark' })));
    const before = await readFile(filePath, 'utf8');

    const e = failure(
      await store.update((s) => ({ ...s, shortcut: 'not a shortcut', theme: 'light' })),
    );
    expect(e.kind).toBe('bad_input');
    expect(e.message).toMatch(/^Settings not saved: shortcut: A shortcut is/);
    expect(await readFile(filePath, 'utf8')).toBe(before);
    expect(store.get().theme).toBe('dark');

    expect(unwrap(await store.update((s) => ({ ...s, theme: 'light' }))).theme).toBe('light');
  });

  it('turns a change that throws into an error result, changing nothing', async () => {
    const { store } = await fresh();
    await store.load();
    const r = await store.update(() => {
      throw new Error('boom with comp_secret');
    });
    expect(failure(r).kind).toBe('internal');
    expect(failure(r).message).not.toContain('comp_secret');
    expect(store.get()).toEqual(defaultSettings());
  });

  it('hands a change a copy: editing it in place cannot alter the current settings', async () => {
    const { store } = await fresh();
    await store.load();
    const r = await store.update((s) => {
      s.pinned.push(pin('tski_ok1'));
      s.theme = 'blue' as Settings['theme'];
      return s;
    });
    expect(failure(r).kind).toBe('bad_input');
    expect(store.get()).toEqual(defaultSettings());
    // What get() returns cannot be changed behind the store's back either.
    expect(() => (store.get().pinned as unknown[]).push(1)).toThrow(TypeError);
  });

  it('refuses a change that edits a saved pin in place, changing nothing', async () => {
    const { filePath, store } = await fresh();
    await store.load();
    unwrap(await store.update((s) => ({ ...s, pinned: [pin('tski_ok1')] })));
    const before = await readFile(filePath, 'utf8');
    const r = await store.update((s) => {
      (s.pinned[0] as { error: unknown }).error = { kind: 'invalid', message: 'edited in place' };
      return s;
    });
    expect(failure(r).kind).toBe('internal');
    expect(store.get().pinned[0]?.error).toBeNull();
    expect(await readFile(filePath, 'utf8')).toBe(before);
  });

  it('keeps a pin it did not change as it was, through many updates and a restart', async () => {
    const { filePath, store } = await fresh();
    await store.load();
    const pins = Array.from({ length: 50 }, (_, i) => pin(`tski_p${i}`));
    unwrap(await store.update((s) => ({ ...s, pinned: pins })));
    const kept = store.get().pinned[49];
    const changed = { kind: 'not_found', message: 'Task item not found' };
    unwrap(
      await store.update((s) => ({
        ...s,
        pinned: s.pinned.map((p) => (p.taskId === 'tski_p0' ? { ...p, error: changed } : p)),
      })),
    );
    expect(store.get().pinned[49]).toBe(kept);
    expect(store.get().pinned[0]?.error).toEqual(changed);
    const again = createSettingsStore({ filePath });
    expect((await again.load()).settings).toEqual(store.get());
  });

  it('saves again after its folder was removed while it ran', async () => {
    const dir = await tempDir();
    const filePath = join(dir, 'user-data', FILE);
    const store = createSettingsStore({ filePath });
    await store.load();
    unwrap(await store.update((s) => ({ ...s, theme: 'dark' })));
    await rm(join(dir, 'user-data'), { recursive: true });
    unwrap(await store.update((s) => ({ ...s, theme: 'light' })));
    expect((await createSettingsStore({ filePath }).load()).settings.theme).toBe('light');
  });

  it('cannot be read before it is loaded, and an update before load loads first', async () => {
    const { filePath } = await fresh();
    await writeFile(filePath, JSON.stringify({ theme: 'dark' }));
    const store = createSettingsStore({ filePath });
    expect(() => store.get()).toThrow(/load\(\)/);
    const s = unwrap(await store.update((x) => ({ ...x, launchAtLogin: true })));
    // The file's theme survived: the update did not start from defaults.
    expect(s).toMatchObject({ theme: 'dark', launchAtLogin: true });
  });

  it('when a write fails, says so and keeps memory as it was', async () => {
    // A file where the folder should be makes every write fail, whoever runs the test.
    const dir = await tempDir();
    await writeFile(join(dir, 'blocker'), 'not a folder');
    const store = createSettingsStore({ filePath: join(dir, 'blocker', FILE) });
    await store.load();
    const e = failure(await store.update((s) => ({ ...s, theme: 'dark' })));
    expect(e.kind).toBe('storage');
    expect(e.message).toMatch(
      /^Settings not saved: could not create .*blocker \(a file is in the way/,
    );
    expect(store.get().theme).toBe('system');
    expect(await readFile(join(dir, 'blocker'), 'utf8')).toBe('not a folder');
  });

  describe('a profile made by a connect flow', () => {
    const secret = 'comp_0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const input = ConnectApiKeyInput.parse({
      baseUrl: 'https://api.example.com',
      apiKey: secret,
      organizationId: 'org_1',
    });

    it('is refused whole when the key rides along, and the refusal does not repeat it', async () => {
      const { dir, store } = await fresh();
      await store.load();
      // The mistake this guards against: spreading the connect input into the profile.
      const careless = { ...profile('prof_1'), ...input };
      const e = failure(
        await store.update((s) => ({ ...s, profiles: [careless], activeProfileId: 'prof_1' })),
      );
      expect(e.kind).toBe('bad_input');
      expect(e.message).toContain('"apiKey" is not allowed');
      expect(e.message).toContain('keychain');
      expect(e.message).not.toContain(secret);
      expect(await filesContaining(dir, secret)).toEqual([]);
      expect(store.get().profiles).toEqual([]);
    });

    it('keeps the key out of the file when done right, even if a snapshot carries a token', async () => {
      const { dir, filePath, store } = await fresh();
      const secrets = createMemorySecretStore();
      await store.load();
      unwrap(await secrets.set('prof_1', input.apiKey));
      unwrap(
        await store.update((s) => ({
          ...s,
          profiles: [{ ...profile('prof_1'), baseUrl: input.baseUrl, organizationId: 'org_1' }],
          activeProfileId: 'prof_1',
          pinned: [
            {
              ...pin('tski_x1'),
              snapshot: {
                id: 'tski_x1',
                status: 'todo',
                warnings: [],
                sessionToken: secret,
              } as Settings['pinned'][number]['snapshot'],
            },
          ],
        })),
      );
      const text = await readFile(filePath, 'utf8');
      expect(text).toContain('"prof_1"');
      expect(text).toContain('tski_x1');
      expect(await filesContaining(dir, secret)).toEqual([]);
      expect(unwrap(await secrets.get('prof_1'))).toBe(secret);
    });
  });
});

/* ------------------------------------------------------------------------ */
/* A folder the app may not write to. Root ignores permissions, so the part   */
/* that needs them runs in a child process as "nobody" when the test is root. */
/* ------------------------------------------------------------------------ */

const CHILD = join(__dirname, 'settings-child.ts');
const TSX = pathToFileURL(createRequire(__filename).resolve('tsx')).href;
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

interface ChildOut {
  loaded: { settings: Settings; problem: AppError | null };
  update: Result<Settings>;
  after: Settings;
}

const runChild = (filePath: string): Promise<ChildOut> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: '/tmp', SETTINGS_FILE: filePath },
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let out = '';
    let errText = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (errText += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as ChildOut);
      } catch {
        reject(new Error(`settings child failed (exit ${code}): ${errText}`));
      }
    });
  });

/** Makes `dir` read-only for the child: owned by the child's user, mode 0o555. */
const lockFolder = async (dir: string): Promise<void> => {
  if (isRoot) {
    await chown(dir, NOBODY, NOBODY);
    for (const name of await readdir(dir)) await chown(join(dir, name), NOBODY, NOBODY);
  }
  await chmod(dir, 0o555);
};

describe.skipIf(process.platform === 'win32')('the settings store in a read-only folder', () => {
  const tempDir = useTempDirs('task-tray-readonly-');

  it('refuses to save with a storage error, keeps the old file byte for byte and memory unchanged', async () => {
    const dir = await tempDir();
    const filePath = join(dir, FILE);
    const store = createSettingsStore({ filePath });
    await store.load();
    unwrap(await store.update((s) => ({ ...s, theme: 'light', pinned: [pin('tski_keep1')] })));
    const before = await readFile(filePath);
    await lockFolder(dir);

    const { loaded, update, after } = await runChild(filePath);

    expect(loaded.problem).toBeNull();
    expect(loaded.settings.theme).toBe('light');
    const e = failure(update);
    expect(e.kind).toBe('storage');
    expect(e.message).toContain('permission denied');
    expect(after.theme).toBe('light');
    expect(after.pinned.map((p) => p.taskId)).toEqual(['tski_keep1']);
    expect(Buffer.compare(await readFile(filePath), before)).toBe(0);
    expect(await readdir(dir)).toEqual([FILE]);
  });

  it('uses what it could read of a damaged file it could not move aside, and saves over nothing', async () => {
    const dir = await tempDir();
    const filePath = join(dir, FILE);
    await mkdir(dir, { recursive: true });
    const content = JSON.stringify({ theme: 'Dark', profiles: [profile('prof_1')] });
    await writeFile(filePath, content);
    await lockFolder(dir);

    const { loaded, update, after } = await runChild(filePath);

    expect(loaded.settings.profiles).toEqual([profile('prof_1')]);
    expect(loaded.problem?.message).toMatch(
      /could not be moved aside.*uses what it could read of it and will not save over it/,
    );
    expect(failure(update).kind).toBe('storage');
    expect(after.profiles).toEqual([profile('prof_1')]);
    expect(await readFile(filePath, 'utf8')).toBe(content);
  });

  it('leaves a file it may not read where it is, uses defaults, and saves nothing over it', async () => {
    const dir = await tempDir();
    const filePath = join(dir, FILE);
    await mkdir(dir, { recursive: true });
    const content = JSON.stringify({ theme: 'dark', profiles: [profile('prof_1')] });
    await writeFile(filePath, content, { mode: 0o600 });
    // The folder is the child's to write in; the file it may not read (root's, or mode 000).
    if (isRoot) await chown(dir, NOBODY, NOBODY);
    else await chmod(filePath, 0o000);

    const { loaded, update, after } = await runChild(filePath);
    if (!isRoot) await chmod(filePath, 0o600);

    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.problem?.message).toBe(
      `The settings file ${filePath} could not be read (permission denied (EACCES)). Task Tray left ` +
        'it as it is and uses default settings until it can read it; nothing is saved over it. Make ' +
        'sure your user account can read and write it, then restart Task Tray.',
    );
    expect(failure(update).message).toMatch(/^Settings not saved: .*restart Task Tray\.$/);
    expect(after.theme).toBe('system');
    // Not moved aside: once it can be read again, the next start finds the account in it.
    expect(await readdir(dir)).toEqual([FILE]);
    expect(await readFile(filePath, 'utf8')).toBe(content);
  });

  it('will not save over a broken file it could not move aside', async () => {
    const dir = await tempDir();
    const filePath = join(dir, FILE);
    await mkdir(dir, { recursive: true });
    await writeFile(filePath, '{ broken');
    await lockFolder(dir);

    const { loaded, update, after } = await runChild(filePath);

    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.problem?.kind).toBe('storage');
    expect(loaded.problem?.message).toMatch(/could not be moved aside.*will not save over it/);
    expect(failure(update).kind).toBe('storage');
    expect(after.theme).toBe('system');
    expect(await readFile(filePath, 'utf8')).toBe('{ broken');
    expect(await readdir(dir)).toEqual([FILE]);
  });
});
