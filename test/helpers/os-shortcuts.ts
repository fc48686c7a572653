import { canonicalAccelerator } from '../../main/shortcut/shortcut-manager';
import type { ShortcutRegistry } from '../../main/shortcut/shortcut-manager';

/**
 * A registry that behaves like the OS's: one owner per key combination, some
 * already held by other apps, some the platform cannot express (it throws, as
 * Electron does).
 */
export function osRegistry(takenByOthers: string[] = [], inexpressible: string[] = []) {
  const held = new Map<string, () => void>();
  const registry: ShortcutRegistry = {
    register(accelerator, callback) {
      if (inexpressible.includes(accelerator)) throw new Error('conversion failure');
      const key = canonicalAccelerator(accelerator);
      if (held.has(key) || takenByOthers.map(canonicalAccelerator).includes(key)) return false;
      held.set(key, callback);
      return true;
    },
    unregister(accelerator) {
      held.delete(canonicalAccelerator(accelerator));
    },
  };
  const press = (accelerator: string) => held.get(canonicalAccelerator(accelerator))?.();
  return { registry, held, press };
}
