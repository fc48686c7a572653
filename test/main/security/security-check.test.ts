import { execFile } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/temp-dir';

const REPO = join(__dirname, '..', '..', '..');
const SCRIPT = join(REPO, 'scripts', 'security-check.mjs');
const run = promisify(execFile);
// Electronegativity parses every file with Babel: seconds of CPU per run, more on a busy machine.
const SLOW = { timeout: 180_000 };

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";
const INDEX_HTML = `<!-- eng-disable CSP_GLOBAL_CHECK --><!-- script-src 'self' is app://bundle, only our own built files -->
<!doctype html>
<html>
  <head>
    <meta
      http-equiv="Content-Security-Policy"
      content="${CSP}"
    />
  </head>
  <body><script type="module" src="./assets/index.js"></script></body>
</html>
`;
const BAD_WINDOW = `import { BrowserWindow } from 'electron';
export const open = () =>
  new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });
`;

/**
 * A small app tree for the scanner: our real window hardening (navigation
 * limits, permission handlers), a preload, and a built renderer page with
 * its CSP, plus whatever files a test adds.
 */
async function appTree(root: string, files: Record<string, string> = {}, withBuild = true) {
  await cp(join(REPO, 'main', 'window'), join(root, 'main', 'window'), { recursive: true });
  await cp(join(REPO, 'main', 'external'), join(root, 'main', 'external'), { recursive: true });
  await mkdir(join(root, 'preload'), { recursive: true });
  await writeFile(join(root, 'preload', 'index.ts'), 'export {};\n');
  if (withBuild) {
    await mkdir(join(root, 'out', 'renderer', 'assets'), { recursive: true });
    await writeFile(join(root, 'out', 'renderer', 'index.html'), INDEX_HTML);
    await writeFile(join(root, 'out', 'renderer', 'assets', 'index.js'), 'export {};\n');
  }
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

async function check(root: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [SCRIPT, '--root', root, '--sarif', join(root, 'report.sarif')],
      { cwd: REPO },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run security (scripts/security-check.mjs)', () => {
  const tempDir = useTempDirs('task-tray-security-test-');

  it('passes a hardened app tree', SLOW, async () => {
    const result = await check(await appTree(await tempDir()));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('security: no unjustified findings.');
    expect(result.code).toBe(0);
  });

  it('fails on a window with nodeIntegration, naming the file and line', SLOW, async () => {
    const result = await check(
      await appTree(await tempDir(), { 'main/bad-window.ts': BAD_WINDOW }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/main\/bad-window\.ts:3:\d+ {2}NODE_INTEGRATION_JS_CHECK/);
    expect(result.stderr).toMatch(/main\/bad-window\.ts:3:\d+ {2}CONTEXT_ISOLATION_JS_CHECK/);
    expect(result.stderr).toMatch(/main\/bad-window\.ts:3:\d+ {2}SANDBOX_JS_CHECK/);
  });

  it(
    'fails on bad justifications: no reason, a misspelt check, a file-wide disable',
    SLOW,
    async () => {
      const result = await check(
        await appTree(await tempDir(), {
          'main/no-reason.ts': `import { shell } from 'electron';\nexport const go = (u: string) => shell.openExternal(u); // eng-disable OPEN_EXTERNAL_JS_CHECK\n`,
          'main/typo.ts': `import { shell } from 'electron';\nexport const go = (u: string) => shell.openExternal(u); // eng-disable OPEN_EXTERNAL_CHECK -- the url was checked before\n`,
          'preload/whole-file.ts': `// eng-disable NODE_INTEGRATION_JS_CHECK -- trust me on this one\nexport {};\n`,
        }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('main/no-reason.ts:2: eng-disable: no reason');
      expect(result.stderr).toContain(
        'main/typo.ts:2: eng-disable: "OPEN_EXTERNAL_CHECK" is not an Electronegativity check',
      );
      // The misspelt name disabled nothing, so the finding itself is reported too.
      expect(result.stderr).toMatch(/main\/typo\.ts:2:\d+ {2}OPEN_EXTERNAL_JS_CHECK/);
      expect(result.stderr).toContain('preload/whole-file.ts:1: eng-disable: on line 1');
    },
  );

  it(
    'accepts findings justified inline, in sources and in the bundle built from them',
    SLOW,
    async () => {
      const justified = `import { BrowserWindow } from 'electron';\nimport { signInWindowOptions } from './window/window-options';\nexport const open = () => new BrowserWindow(signInWindowOptions({ partition: 'x' })); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK -- options from signInWindowOptions(), tested there\n`;
      // Written the way Electronegativity can read it: it only knows `new BrowserWindow(…)`.
      const bundled = `const { BrowserWindow } = require("electron");\nconst open = () => new BrowserWindow(signInWindowOptions({ partition: "x" }));\n`;
      const result = await check(
        await appTree(await tempDir(), {
          'main/sign-in.ts': justified,
          'out/main/index.js': bundled,
        }),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /main\/sign-in\.ts:3 {2}SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK — options from/,
      );
      expect(result.stdout).toMatch(/accepted: 1 SANDBOX_JS_CHECK in out\/main/);
    },
  );

  it('fails on a finding in the built output that no source annotation covers', SLOW, async () => {
    const result = await check(
      await appTree(await tempDir(), {
        'out/preload/index.js': `const { shell } = require("electron");\nshell.openExternal(window.location.hash.slice(1));\n`,
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/out\/preload\/index\.js:2:\d+ {2}OPEN_EXTERNAL_JS_CHECK/);
    expect(result.stderr).toContain('0 justified OPEN_EXTERNAL_JS_CHECK annotation(s)');
  });

  it(
    'fails when the app has no navigation limits or CSP at all (nothing to annotate)',
    SLOW,
    async () => {
      const root = await tempDir();
      await mkdir(join(root, 'main'), { recursive: true });
      await writeFile(join(root, 'main', 'index.ts'), 'export {};\n');
      await mkdir(join(root, 'preload'), { recursive: true });
      await mkdir(join(root, 'out'), { recursive: true });
      const result = await check(root);
      expect(result.code).toBe(1);
      for (const id of [
        'LIMIT_NAVIGATION_GLOBAL_CHECK',
        'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
        'CSP_GLOBAL_CHECK',
      ]) {
        expect(result.stderr).toMatch(
          new RegExp(`N/A:0:0 {2}${id}[^\\n]*\\n[^\\n]*\\n\\s+\\(app-wide`),
        );
      }
    },
  );

  it('refuses to run without the built output, and says how to get it', async () => {
    const result = await check(await appTree(await tempDir(), {}, false));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('run "npm run build" first');
  });
});
