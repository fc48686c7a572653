import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPTURE_SHORTCUT,
  DEFAULT_NEW_TASK_SHORTCUT,
  DEFAULT_SHORTCUT,
} from '../../../common/shortcut';
import { createShortcutSet } from '../../../main/shortcut/shortcut-set';
import { osRegistry } from '../../helpers/os-shortcuts';
import { failure, unwrap } from '../../helpers/result';

/** Task Tray's shortcuts together: each does its own thing, and none takes another's keys. */
describe('createShortcutSet', () => {
  const pressed: string[] = [];
  const make = () => {
    const os = osRegistry();
    const set = createShortcutSet(os.registry, {
      shortcut: () => pressed.push('popup'),
      newTaskShortcut: () => pressed.push('new task'),
      captureShortcut: () => pressed.push('capture'),
    });
    return { os, set };
  };

  it('binds the three defaults, each opening its own thing', () => {
    pressed.length = 0;
    const { os, set } = make();
    unwrap(set.apply('shortcut', DEFAULT_SHORTCUT));
    unwrap(set.apply('newTaskShortcut', DEFAULT_NEW_TASK_SHORTCUT));
    unwrap(set.apply('captureShortcut', DEFAULT_CAPTURE_SHORTCUT));
    os.press(DEFAULT_NEW_TASK_SHORTCUT);
    os.press(DEFAULT_SHORTCUT);
    os.press(DEFAULT_CAPTURE_SHORTCUT);
    expect(pressed).toEqual(['new task', 'popup', 'capture']);
    set.dispose();
    expect(os.held.size).toBe(0);
  });

  it("refuses the popup's keys for a new task, in words, keeping the one it had", () => {
    const { set } = make();
    unwrap(set.apply('shortcut', DEFAULT_SHORTCUT));
    unwrap(set.apply('newTaskShortcut', DEFAULT_NEW_TASK_SHORTCUT));
    // The same keys written another way are the same keys to the OS.
    const e = failure(set.apply('newTaskShortcut', 'Shift+Alt+CmdOrCtrl+T'));
    expect(e.message).toBe(
      `Shift+Alt+CmdOrCtrl+T already opens Task Tray: choose another; kept ${DEFAULT_NEW_TASK_SHORTCUT}.`,
    );
    expect(set.current('newTaskShortcut')).toBe(DEFAULT_NEW_TASK_SHORTCUT);
    expect(set.refusal('newTaskShortcut')?.accelerator).toBe('Shift+Alt+CmdOrCtrl+T');
    unwrap(set.apply('newTaskShortcut', 'CommandOrControl+Alt+Shift+K'));
    expect(set.refusal('newTaskShortcut')).toBeNull();
    expect(failure(set.apply('shortcut', 'CommandOrControl+Alt+Shift+K')).message).toMatch(
      /already makes a new task/,
    );
  });

  it("refuses a new task's keys for the capture, naming what they do", () => {
    const { set } = make();
    unwrap(set.apply('newTaskShortcut', DEFAULT_NEW_TASK_SHORTCUT));
    unwrap(set.apply('captureShortcut', DEFAULT_CAPTURE_SHORTCUT));
    expect(failure(set.apply('captureShortcut', DEFAULT_NEW_TASK_SHORTCUT)).message).toMatch(
      /already makes a new task: choose another; kept CommandOrControl\+Alt\+Shift\+E/,
    );
    expect(failure(set.apply('shortcut', DEFAULT_CAPTURE_SHORTCUT)).message).toMatch(
      /already captures evidence/,
    );
  });
});
