import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import { SHORTCUT_SETTINGS, shortcutClash } from '../../common/shortcut';
import type { ShortcutSetting } from '../../common/shortcut';
import { createShortcutManager } from './shortcut-manager';
import type { ShortcutManager, ShortcutRegistry } from './shortcut-manager';

/**
 * Every global shortcut of Task Tray (common/shortcut-problem.ts's SHORTCUTS),
 * each with its own manager, by the setting that holds it. One that another
 * of them has is refused before the OS is asked: the OS would give the keys
 * to one only, and the other would stop working without a word.
 */
export function createShortcutSet(
  registry: ShortcutRegistry,
  onPress: Readonly<Record<ShortcutSetting, () => void>>,
) {
  const managers = Object.fromEntries(
    SHORTCUT_SETTINGS.map((s) => [s, createShortcutManager(registry, () => onPress[s]())]),
  ) as Record<ShortcutSetting, ShortcutManager>;
  const refusals = new Map<ShortcutSetting, { accelerator: string; message: string }>();
  const bound = () =>
    Object.fromEntries(SHORTCUT_SETTINGS.map((s) => [s, managers[s].current()])) as Record<
      ShortcutSetting,
      string | null
    >;

  return {
    apply(setting: ShortcutSetting, accelerator: string): Result<string> {
      const clash = shortcutClash(setting, accelerator, bound());
      if (clash) {
        const message = clash.replace(/\.$/, '');
        const kept = managers[setting].current();
        refusals.set(setting, { accelerator, message: `${message}.` });
        return err(
          appError('bad_input', `${message}; ${kept ? `kept ${kept}` : 'no shortcut is set'}.`),
        );
      }
      refusals.delete(setting);
      return managers[setting].apply(accelerator);
    },
    current: (setting: ShortcutSetting): string | null => managers[setting].current(),
    /** The last refusal (the OS's, or a clash with another of ours) until one is accepted. */
    refusal: (setting: ShortcutSetting) => refusals.get(setting) ?? managers[setting].refusal(),
    dispose(): void {
      for (const s of SHORTCUT_SETTINGS) managers[s].dispose();
    },
  };
}
export type ShortcutSet = ReturnType<typeof createShortcutSet>;
