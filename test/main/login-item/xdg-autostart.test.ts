import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autostartEntry,
  autostartStarts,
  execValue,
  launchCommand,
  parseExecValue,
  quoteExecArgument,
  xdgConfigHome,
} from '../../../main/login-item/xdg-autostart';

describe('where the autostart entry goes', () => {
  it('uses $XDG_CONFIG_HOME, and ~/.config when it is unset, empty or relative', () => {
    expect(xdgConfigHome({ XDG_CONFIG_HOME: '/home/ana/cfg' }, '/home/ana')).toBe('/home/ana/cfg');
    expect(xdgConfigHome({}, '/home/ana')).toBe('/home/ana/.config');
    expect(xdgConfigHome({ XDG_CONFIG_HOME: '' }, '/home/ana/')).toBe('/home/ana/.config');
    expect(xdgConfigHome({ XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe('/home/ana/.config');
  });

  it('starts the AppImage file, not its temporary mount, and always with --hidden', () => {
    expect(
      launchCommand('/tmp/.mount_TaskTrXYZ/task-tray', {
        APPIMAGE: '/home/ana/Apps/Task Tray.AppImage',
      }),
    ).toEqual(['/home/ana/Apps/Task Tray.AppImage', '--hidden']);
    expect(launchCommand('/opt/Task Tray/task-tray', {})).toEqual([
      '/opt/Task Tray/task-tray',
      '--hidden',
    ]);
  });
});

describe('the Exec line', () => {
  it('leaves plain paths alone and quotes the ones the spec reserves', () => {
    expect(quoteExecArgument('/usr/bin/task-tray')).toBe('/usr/bin/task-tray');
    expect(quoteExecArgument('/opt/Task Tray/task-tray')).toBe('"/opt/Task Tray/task-tray"');
    expect(quoteExecArgument('/a/$HOME/b')).toBe('"/a/\\$HOME/b"');
    expect(quoteExecArgument('')).toBe('""');
    // % starts a field code (%U, %f): a literal one is doubled.
    expect(quoteExecArgument('/a/100%/b')).toBe('/a/100%%/b');
  });

  it('writes a backslash in a quoted argument as four, as the spec spells out', () => {
    expect(execValue(['/a b\\c'])).toBe('"/a b\\\\\\\\c"');
  });

  it('reads back exactly the arguments it wrote, whatever characters they hold', () => {
    const arg = fc.string({
      unit: fc.constantFrom(...'aZ9 /-._"\'\\$`%~|&;<>*?#()\t\n'.split('')),
    });
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 4 }), (args) => {
        const line = execValue(args);
        expect(line).not.toMatch(/[\n\r]/); // one key, one line
        expect(parseExecValue(line)).toEqual(args);
      }),
    );
  });
});

describe('whether the session will start the app', () => {
  const program = '/opt/Task Tray/task-tray';
  const entry = autostartEntry([program, '--hidden']);

  it('is a desktop entry for an application that starts this program', () => {
    expect(entry.split('\n')).toEqual(
      expect.arrayContaining([
        '[Desktop Entry]',
        'Type=Application',
        'Name=Task Tray',
        'Exec="/opt/Task Tray/task-tray" --hidden',
        'X-GNOME-Autostart-enabled=true',
      ]),
    );
    expect(autostartStarts(entry, program)).toBe(true);
  });

  it('counts as off when the desktop switched it off or hid it', () => {
    expect(
      autostartStarts(
        entry.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'),
        program,
      ),
    ).toBe(false);
    expect(autostartStarts(`${entry}Hidden=true\n`, program)).toBe(false);
  });

  it('counts as off when it starts some other file (an AppImage that was moved)', () => {
    expect(autostartStarts(entry, '/home/ana/Downloads/Task Tray.AppImage')).toBe(false);
  });

  it('ignores keys outside [Desktop Entry] and survives garbage', () => {
    expect(autostartStarts(`${entry}\n[Desktop Action x]\nHidden=true\n`, program)).toBe(true);
    expect(autostartStarts('not a desktop file', program)).toBe(false);
    expect(autostartStarts('[Desktop Entry]\nExec="/opt/unterminated\n', program)).toBe(false);
  });
});
