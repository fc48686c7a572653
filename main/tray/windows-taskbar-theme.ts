/**
 * Adapter: reads the taskbar's mode from the registry with Windows' own reg.exe
 * (taskbar-theme.ts says why and parses the answer). Anything but an answer is null.
 */
import { execFile } from 'node:child_process';
import { PERSONALIZE_KEY, SYSTEM_USES_LIGHT_THEME, taskbarDarkFromReg } from './taskbar-theme';

export function readTaskbarDark(): Promise<boolean | null> {
  if (process.platform !== 'win32') return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile(
      'reg',
      ['query', PERSONALIZE_KEY, '/v', SYSTEM_USES_LIGHT_THEME],
      { timeout: 3000, windowsHide: true },
      (error, stdout) => resolve(error ? null : taskbarDarkFromReg(stdout)),
    );
  });
}
