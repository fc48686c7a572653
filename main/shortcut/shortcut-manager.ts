import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { DEFAULT_SHORTCUT, canonicalAccelerator, shortcutProblem } from '../../common/shortcut';

export { DEFAULT_SHORTCUT };

/** The shape of Electron's globalShortcut that we use; a small object in tests. */
export interface ShortcutRegistry {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface ShortcutManager {
  /** Registers accelerator in place of the current one; on failure the current one stays. */
  apply(accelerator: string): Result<string>;
  current(): string | null;
  /** The last shortcut the OS refused and why, until one is accepted. */
  refusal(): { readonly accelerator: string; readonly message: string } | null;
  /** Unregisters the current shortcut (on quit). */
  dispose(): void;
}

export { canonicalAccelerator };

/**
 * Owns one global shortcut (shortcut-set.ts holds them all). A new shortcut is
 * registered before the old one is released, so a refused one (taken by
 * another app, or not a combination the OS accepts) leaves the person with
 * the shortcut they had, and a message that says so.
 */
export function createShortcutManager(
  registry: ShortcutRegistry,
  onPress: () => void,
): ShortcutManager {
  let active: string | null = null;
  let refused: { accelerator: string; message: string } | null = null;
  const kept = () => (active ? `kept ${active}` : 'no shortcut is set');
  const refuse = (accelerator: string, message: string): Result<string> => {
    refused = { accelerator, message };
    return err(appError('bad_input', message));
  };

  return {
    apply(accelerator) {
      const problem =
        accelerator.length > 100
          ? 'A shortcut is at most 100 characters.'
          : shortcutProblem(accelerator);
      if (problem) return err(appError('bad_input', `${problem.replace(/\.$/, '')}; ${kept()}.`));
      if (active !== null && canonicalAccelerator(active) === canonicalAccelerator(accelerator)) {
        return ok(active);
      }
      let registered: boolean;
      try {
        registered = registry.register(accelerator, onPress);
      } catch {
        // Electron throws for combinations the platform cannot express.
        return refuse(
          accelerator,
          `${accelerator} cannot be used as a shortcut on this system; ${kept()}.`,
        );
      }
      if (!registered) {
        return refuse(accelerator, `${accelerator} is in use by another app; ${kept()}.`);
      }
      if (active !== null) registry.unregister(active);
      active = accelerator;
      refused = null;
      return ok(accelerator);
    },
    current: () => active,
    refusal: () => refused,
    dispose() {
      if (active !== null) registry.unregister(active);
      active = null;
    },
  };
}
