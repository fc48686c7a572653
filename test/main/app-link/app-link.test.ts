import { describe, expect, it } from 'vitest';
import { appLinkFromArgv, taskRefFromAppLink } from '../../../main/app-link/app-link';

describe('taskRefFromAppLink', () => {
  it('names the task in a tasktray://task/ link', () => {
    expect(taskRefFromAppLink('tasktray://task/tski_abc123')).toEqual({
      ok: true,
      value: { taskId: 'tski_abc123' },
    });
  });

  it('keeps the organization a link carries', () => {
    expect(taskRefFromAppLink('tasktray://task/tski_abc123?org=org_9Zx')).toEqual({
      ok: true,
      value: { taskId: 'tski_abc123', organizationId: 'org_9Zx' },
    });
  });

  it('takes the scheme in any case, as URLs do', () => {
    expect(taskRefFromAppLink('TaskTray://task/tski_abc123')).toMatchObject({
      ok: true,
      value: { taskId: 'tski_abc123' },
    });
  });

  it('refuses what is not a tasktray:// link, even a valid task id or web link', () => {
    for (const input of [
      'tski_abc123',
      'https://app.example.com/org_1/vendors/vnd_1?taskItemId=tski_abc123',
      'javascript:alert(1)',
      '',
    ]) {
      const result = taskRefFromAppLink(input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('bad_input');
        expect(result.error.message).toContain('tasktray://task/');
      }
    }
  });

  it('refuses a link that names no task, or a malformed id, saying what is wrong', () => {
    const noTask = taskRefFromAppLink('tasktray://settings');
    expect(noTask).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    const badId = taskRefFromAppLink('tasktray://task/tski_abc$123');
    expect(badId).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    if (!badId.ok) expect(badId.error.message).toContain('"$"');
    const pathTrick = taskRefFromAppLink('tasktray://task/tski_abc/../../v1/organization');
    expect(pathTrick.ok).toBe(false);
  });

  it('refuses an overlong link without echoing it back', () => {
    const long = `tasktray://task/tski_abc?org=${'x'.repeat(5000)}`;
    const result = taskRefFromAppLink(long);
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    if (!result.ok) expect(result.error.message.length).toBeLessThan(200);
  });
});

describe('appLinkFromArgv', () => {
  it('finds the link Windows or Linux starts the app with', () => {
    expect(appLinkFromArgv(['C:\\Task Tray\\Task Tray.exe', 'tasktray://task/tski_abc123'])).toBe(
      'tasktray://task/tski_abc123',
    );
  });

  it('finds it among switches Chromium adds, taking the last link', () => {
    expect(
      appLinkFromArgv([
        '/opt/Task Tray/task-tray',
        '--no-sandbox',
        'tasktray://task/tski_old',
        '--enable-features=X',
        'tasktray://task/tski_new',
      ]),
    ).toBe('tasktray://task/tski_new');
  });

  it('is null when the app was started without a link', () => {
    expect(appLinkFromArgv(['/opt/Task Tray/task-tray', '--hidden'])).toBeNull();
    expect(appLinkFromArgv(['/usr/bin/electron', '/home/dev/task-tray'])).toBeNull();
    expect(appLinkFromArgv(['/x', 'tasktray:'])).toBeNull();
  });
});
