import { describe, expect, it } from 'vitest';
import { shortcutNotice } from '../../../main/shortcut/shortcut-notice';

const saved = 'CommandOrControl+Alt+Shift+T';
const taken = {
  accelerator: saved,
  message: `${saved} is in use by another app; no shortcut is set.`,
};
const wayland = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' };

describe('what Settings says about the saved shortcut', () => {
  it('nothing while it is bound on Windows, macOS and X11', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      expect(
        shortcutNotice({
          saved,
          active: saved,
          refusal: null,
          platform,
          env: { XDG_SESSION_TYPE: 'x11' },
        }),
      ).toBeNull();
    }
  });

  it('nothing before the app has tried to bind it', () => {
    expect(
      shortcutNotice({ saved, active: null, refusal: null, platform: 'linux', env: {} }),
    ).toBeNull();
  });

  it("an error with the OS's reason when it could not be bound", () => {
    expect(
      shortcutNotice({ saved, active: null, refusal: taken, platform: 'win32', env: {} }),
    ).toEqual({
      severity: 'error',
      text: `${taken.message} Choose another.`,
    });
  });

  it('the same shortcut written another way counts as the saved one', () => {
    expect(
      shortcutNotice({
        saved,
        active: 'Shift+CmdOrCtrl+t',
        refusal: null,
        platform: 'win32',
        env: {},
      }),
    ).toBeNull();
  });

  it('nothing about a refused new shortcut while the saved one still works', () => {
    const other = { accelerator: 'Alt+K', message: 'Alt+K is in use by another app; kept …' };
    expect(
      shortcutNotice({ saved, active: saved, refusal: other, platform: 'win32', env: {} }),
    ).toBeNull();
  });

  it('on Wayland, a refusal names the desktop and the way that always works', () => {
    const notice = shortcutNotice({
      saved,
      active: null,
      refusal: taken,
      platform: 'linux',
      env: wayland,
    });
    expect(notice?.severity).toBe('error');
    expect(notice?.text).toContain(
      'Your desktop did not let Task Tray use CommandOrControl+Alt+Shift+T',
    );
    expect(notice?.text).toContain("desktop's keyboard settings");
  });

  it('on Wayland, an accepted shortcut still carries the caveat: the portal can refuse later, silently', () => {
    for (const env of [{ XDG_SESSION_TYPE: 'wayland' }, { WAYLAND_DISPLAY: 'wayland-0' }]) {
      const notice = shortcutNotice({
        saved,
        active: saved,
        refusal: null,
        platform: 'linux',
        env,
      });
      expect(notice?.severity).toBe('info');
      expect(notice?.text).toMatch(/may ask you to allow this shortcut/);
    }
  });
});
