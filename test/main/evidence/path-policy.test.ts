import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside, pathProblem, screenPaths } from '../../../main/evidence/path-policy';

/** The popup names the paths main reads for evidence: only local files outside the app's own folder. */
describe('evidence paths the popup may name', () => {
  it('refuses relative paths everywhere, and network shares and device paths on Windows', () => {
    expect(pathProblem('/home/maya/report.pdf', 'linux')).toBeNull();
    expect(pathProblem('C:\\Users\\maya\\report.pdf', 'win32')).toBeNull();
    expect(pathProblem('package.json', 'linux')).toMatch(
      /“package.json” is not a file on this computer/,
    );
    for (const p of [
      '\\\\attacker\\share\\x.pdf',
      '//attacker/share/x.pdf',
      '\\\\?\\C:\\x.pdf',
      '\\\\.\\pipe\\x',
    ])
      expect(pathProblem(p, 'win32')).toMatch(/is not a file on this computer's own disks/);
    expect(pathProblem('report.pdf', 'win32')).not.toBeNull();
  });

  it('knows what is inside a folder, on either kind of path', () => {
    expect(isInside('/data/tray/settings.json', '/data/tray', 'linux')).toBe(true);
    expect(isInside('/data/tray', '/data/tray', 'linux')).toBe(true);
    expect(isInside('/data/tray-other/x', '/data/tray', 'linux')).toBe(false);
    expect(isInside('C:\\App\\Tray\\outbox.json', 'c:\\app\\tray', 'win32')).toBe(true);
    expect(isInside('D:\\App\\Tray\\x', 'C:\\App\\Tray', 'win32')).toBe(false);
  });

  it("never reads the app's own files, named directly or through a link; other files pass", async () => {
    const root = await mkdtemp(join(tmpdir(), 'task-tray-paths-'));
    const userData = join(root, 'userData');
    await mkdir(join(userData, 'evidence'), { recursive: true });
    await writeFile(join(userData, 'settings.json'), '{}');
    const mine = join(root, 'report.pdf');
    await writeFile(mine, '%PDF-1.7');
    const link = join(root, 'innocent.pdf');
    await symlink(join(userData, 'settings.json'), link);
    const { allowed, refused } = await screenPaths(
      [mine, join(userData, 'settings.json'), link, 'outbox.json'],
      [userData],
      'linux',
    );
    expect(allowed).toEqual([mine]);
    expect(refused.map((r) => r.message)).toEqual([
      "“settings.json” is one of Task Tray's own files: it is never attached.",
      "“innocent.pdf” is one of Task Tray's own files: it is never attached.",
      "“outbox.json” is not a file on this computer's own disks: copy it to a local folder and attach it from there.",
    ]);
  });
});
