import { z } from 'zod';
import { shortcutProblem } from './shortcut-problem';

export {
  DEFAULT_CAPTURE_SHORTCUT,
  DEFAULT_NEW_TASK_SHORTCUT,
  DEFAULT_SHORTCUT,
  SHORTCUTS,
  SHORTCUT_SETTINGS,
  canonicalAccelerator,
  shortcutClash,
  shortcutProblem,
} from './shortcut-problem';
export type { ShortcutSetting } from './shortcut-problem';

/**
 * An accelerator as Electron takes it, that is safe to take from every app:
 * one or more modifiers (at least one besides Shift), then one key, and not
 * a chord the system or common apps already use.
 */
export const ShortcutSchema = z
  .string()
  .max(100)
  .superRefine((text, ctx) => {
    const problem = shortcutProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
