import { appError, err } from '../../common/result';
import { createLinuxLoginItem } from './linux-login-item';
import type { LinuxLoginItemDeps } from './linux-login-item';
import type { LoginItem } from './login-item';
import { createSystemLoginItem } from './system-login-item';
import type { SystemLoginItemDeps } from './system-login-item';

export type LoginItemDeps =
  | ({ readonly platform: 'linux' } & LinuxLoginItemDeps)
  | SystemLoginItemDeps
  | { readonly platform: 'unsupported' };

/** Launch at login for the platform in `deps`: an XDG autostart file on Linux, the OS's own list elsewhere. */
export function createLoginItem(deps: LoginItemDeps): LoginItem {
  switch (deps.platform) {
    case 'linux':
      return createLinuxLoginItem(deps);
    case 'darwin':
    case 'win32':
      return createSystemLoginItem(deps);
    case 'unsupported':
      return {
        isEnabled: async () => false,
        setEnabled: async () =>
          err(appError('internal', 'Open at login is not available on this system.')),
      };
  }
}
