import { describe, expect, it } from 'vitest';
import {
  targetFromToastArgument,
  toastLaunchArgument,
  toastXml,
} from '../../../main/notify/toast-activation';

const target = { profileId: 'p_3f9a&x=1', taskId: 'tsk_abc123' };

describe('what a Windows toast carries, for a click after its run has ended', () => {
  it('names the task and its profile, and reads them back', () => {
    expect(targetFromToastArgument(toastLaunchArgument(target))).toEqual(target);
  });

  it('opens the popup for a toast about no one task, or an argument not ours', () => {
    expect(targetFromToastArgument(toastLaunchArgument(null))).toBeNull();
    for (const other of ['', 'profile=p&task=t', 'kind=other&profile=p&task=t', 'x'.repeat(5000)])
      expect(targetFromToastArgument(other)).toBeNull();
  });

  it('is a ToastGeneric toast with the title, the body and the launch argument, escaped', () => {
    const xml = toastXml('Assigned: "Q3 <review>"', "Ana & Bo's task", target);
    expect(xml).toBe(
      '<toast launch="kind=task-tray-toast&amp;profile=p_3f9a%26x%3D1&amp;task=tsk_abc123" ' +
        'activationType="foreground"><visual><binding template="ToastGeneric">' +
        '<text>Assigned: &quot;Q3 &lt;review&gt;&quot;</text><text>Ana &amp; Bo&apos;s task</text>' +
        '</binding></visual></toast>',
    );
    // What Windows hands back is the attribute's value, unescaped.
    const launch = /launch="([^"]*)"/.exec(xml)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(targetFromToastArgument(launch)).toEqual(target);
  });
});
