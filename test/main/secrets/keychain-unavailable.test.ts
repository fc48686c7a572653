import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../../common/result';
import { keychainRequired } from '../../helpers/keychain';
import { filesContaining, useTempDirs } from '../../helpers/temp-dir';

const CHILD = join(__dirname, 'keychain-child.ts');
const TSX = pathToFileURL(createRequire(__filename).resolve('tsx')).href;

interface ChildOutput {
  set?: Result<null>;
  get?: Result<string | null>;
  delete?: Result<boolean>;
}

interface ChildRun {
  out: ChildOutput;
  printed: string;
}

/**
 * Runs the real store in a process with its own HOME/XDG/TMP folders, working
 * in the temp folder too, so that anything it might write lands where the test
 * looks. `wrap` runs it inside another command (a private D-Bus session).
 */
const runChild = (
  home: string,
  env: Record<string, string>,
  wrap: (argv: string[]) => string[] = (argv) => argv,
): Promise<ChildRun> =>
  new Promise((resolve, reject) => {
    const [cmd = '', ...args] = wrap([process.execPath, '--import', TSX, CHILD]);
    const child = spawn(cmd, args, {
      cwd: home,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CACHE_HOME: join(home, 'cache'),
        XDG_RUNTIME_DIR: join(home, 'run'),
        TMPDIR: join(home, 'tmp'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (!line) return reject(new Error(`child printed no result (exit ${code}): ${stderr}`));
      resolve({ out: JSON.parse(line) as ChildOutput, printed: stdout + stderr });
    });
  });

/** Inside a fresh D-Bus session with gnome-keyring started, unlocked or not. */
const inKeyringSession =
  (unlock: boolean) =>
  (argv: string[]): string[] => [
    'dbus-run-session',
    '--',
    'sh',
    '-c',
    `${unlock ? 'echo -n pw | gnome-keyring-daemon --unlock' : 'gnome-keyring-daemon --start'} --components=secrets >/dev/null; exec "$@"`,
    'sh',
    ...argv,
  ];

const newHome = async (tempDir: () => Promise<string>): Promise<string> => {
  const home = await tempDir();
  for (const d of ['config', 'data', 'cache', 'run', 'tmp'])
    await mkdir(join(home, d), { recursive: true, mode: 0o700 });
  return home;
};

const errorOf = (r: Result<unknown> | undefined): AppError => {
  if (!r || r.ok) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};

const expectLinuxAdvice = (e: AppError, secret: string): void => {
  expect(e.kind).toBe('keychain_unavailable');
  expect(e.message).toContain('gnome-keyring');
  expect(e.message).toContain('KWallet');
  expect(e.message).toContain('D-Bus session');
  expect(e.message).not.toContain(secret);
};

// Secret Service over D-Bus is the Linux keychain; elsewhere these environments mean nothing.
describe.skipIf(process.platform !== 'linux')('when the OS has no usable keychain', () => {
  const tempDir = useTempDirs('task-tray-nokeychain-');
  const secret = `comp_${randomBytes(32).toString('hex')}`;
  const service = `Task Tray test ${randomBytes(6).toString('hex')}`;

  const cases: Array<[string, (home: string) => Record<string, string>]> = [
    ['no D-Bus session and no display', () => ({})],
    [
      'a D-Bus address that leads nowhere',
      (home) => ({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-such-bus')}` }),
    ],
  ];

  it.each(cases)(
    'with %s: every call says how to fix it and the key is nowhere',
    async (_name, envFor) => {
      const home = await newHome(tempDir);
      const { out, printed } = await runChild(home, {
        ...envFor(home),
        TEST_SECRET: secret,
        TEST_SERVICE: service,
      });

      for (const r of [out.set, out.get, out.delete]) expectLinuxAdvice(errorOf(r), secret);
      expect(errorOf(out.set).message).toContain('not stored anywhere else');
      // Nothing the process printed, and no file it could have written, holds the key.
      expect(printed).not.toContain(secret);
      expect(await filesContaining(home, secret)).toEqual([]);
    },
  );

  it('the file scan above would find a copy of the key, in UTF-8 or UTF-16', async () => {
    const home = await newHome(tempDir);
    await writeFile(join(home, 'data', 'leak.txt'), `x${secret}x`);
    await writeFile(join(home, 'cache', 'leak16.bin'), Buffer.from(secret, 'utf16le'));
    expect((await filesContaining(home, secret)).sort()).toEqual(
      [join(home, 'cache', 'leak16.bin'), join(home, 'data', 'leak.txt')].sort(),
    );
  });

  it('gives the macOS advice when told it runs on macOS', async () => {
    const home = await newHome(tempDir);
    const { out } = await runChild(home, {
      TEST_SECRET: secret,
      TEST_SERVICE: service,
      TEST_PLATFORM: 'darwin',
    });
    const e = errorOf(out.set);
    expect(e.kind).toBe('keychain_unavailable');
    expect(e.message).toContain('Keychain Access');
    expect(e.message).not.toContain('gnome-keyring');
    expect(e.message).not.toContain(secret);
  });
});

const hasKeyringTools =
  process.platform === 'linux' &&
  ['dbus-run-session', 'gnome-keyring-daemon'].every(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
  );

describe.skipIf(!hasKeyringTools && !keychainRequired())('with a locked keyring', () => {
  const tempDir = useTempDirs('task-tray-locked-');
  const service = `Task Tray test ${randomBytes(6).toString('hex')}`;

  beforeAll(() => {
    if (!hasKeyringTools)
      throw new Error(
        'REQUIRE_KEYCHAIN=1 but dbus-run-session or gnome-keyring-daemon is missing.',
      );
  });

  it('refuses to save with the fix, and the key saved before survives', async () => {
    const home = await newHome(tempDir);
    const oldKey = `comp_${randomBytes(32).toString('hex')}`;
    const newKey = `comp_${randomBytes(32).toString('hex')}`;
    const env = { TEST_SERVICE: service };

    // A keyring that exists and holds a key, as after an earlier session…
    const first = await runChild(
      home,
      { ...env, TEST_SECRET: oldKey, TEST_STEPS: 'set' },
      inKeyringSession(true),
    );
    expect(first.out.set).toEqual({ ok: true, value: null });

    // …then a session where nobody unlocked it.
    const locked = await runChild(
      home,
      { ...env, TEST_SECRET: newKey, TEST_STEPS: 'set' },
      inKeyringSession(false),
    );
    const e = errorOf(locked.out.set);
    expectLinuxAdvice(e, newKey);
    expect(e.message).toContain('unlock');
    expect(locked.printed).not.toContain(newKey);
    expect(await filesContaining(home, newKey)).toEqual([]);

    // Unlocked again, the old key is there, unchanged.
    const after = await runChild(home, { ...env, TEST_STEPS: 'get' }, inKeyringSession(true));
    expect(after.out.get).toEqual({ ok: true, value: oldKey });
  });
});
