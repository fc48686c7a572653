import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userDataDir } from '../../../main/app/user-data-dir';

describe("the run's user-data folder", () => {
  const installed = join('/home/ana/.config', 'Task Tray');

  it("is Electron's default for the installed app", () => {
    expect(userDataDir(installed, true)).toBe(installed);
  });

  it('is a folder of its own for a development run, beside the installed one', () => {
    expect(userDataDir(installed, false)).toBe(
      join('/home/ana/.config', 'Task Tray (development)'),
    );
    expect(userDataDir(installed, false)).not.toBe(installed);
  });
});
