import { describe, expect, it } from 'vitest';
import { forNotificationServer } from '../../../main/notify/notification-markup';

/**
 * Issue 34, finding 4: on Linux, Electron hands a notification's text to
 * libnotify, and servers with body markup (KDE, XFCE) render it: a task title
 * or a refusal reason from the service could show a link or load a file.
 */
describe('notification text on Linux carries no markup', () => {
  const link = 'Review <a href="https://evil.example/steal?x=1">the report</a>';
  const image = 'Done <img src="file:///etc/passwd"> now';

  it('a link or an image from the service reaches the notification server as plain text', () => {
    for (const text of [link, image, '<b>bold</b> & <i>', '<![CDATA[<a href="x">]]>']) {
      const shown = forNotificationServer(text, 'linux');
      expect(shown).not.toMatch(/[<>]/);
      // Still readable: the words and the address stay, as text.
      expect(shown.replace(/[‹›]/g, '')).toBe(text.replace(/[<>]/g, ''));
    }
    expect(forNotificationServer(link, 'linux')).toBe(
      'Review ‹a href="https://evil.example/steal?x=1"›the report‹/a›',
    );
  });

  it('left as it is where the OS shows text as text', () => {
    expect(forNotificationServer(image, 'darwin')).toBe(image);
    expect(forNotificationServer(image, 'win32')).toBe(image);
  });
});
