import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION_CAUSES, describeConnection } from '../../common/connection-model';
import type { ConnectionCause } from '../../common/connection-model';
import type { ConnectionView } from '../../common/views';
import { buildTrayMenu } from '../../main/tray/menu';
import { trayIconState, trayTooltip } from '../../main/tray/tray-state';
import { connected, org } from './fixtures';
import { renderWithApi } from './render-app';

const STATES: Record<ConnectionCause, ConnectionView['state']> = {
  online: 'online',
  'signed-out': 'signed-out',
  'computer-offline': 'offline',
  unreachable: 'offline',
  failing: 'error',
  'rate-limited': 'error',
  refused: 'unauthorized',
  permission: 'unauthorized',
};

// What a person sees for each cause, with two changes waiting: the footer's words are the
// tray's, the icon follows, and the notice (where one shows) says what becomes of the changes.
const EXPECTED: Record<
  ConnectionCause,
  { footer: string; icon: string; notice: RegExp | null; menu: string | null }
> = {
  online: {
    footer: 'Sending 2 changes…',
    icon: 'pending',
    notice: null,
    menu: 'Sending 2 changes…',
  },
  'signed-out': { footer: 'Not connected', icon: 'offline', notice: null, menu: null },
  'computer-offline': {
    footer: 'This computer is offline',
    icon: 'offline',
    notice: /This computer is offline\. 2 changes wait and will be sent when it is back online\./,
    menu: 'This computer is offline · 2 changes waiting',
  },
  unreachable: {
    footer: 'Service unreachable',
    icon: 'offline',
    notice: /The service is not answering \(this computer is online\)\. 2 changes wait/,
    menu: 'Service unreachable · 2 changes waiting',
  },
  failing: {
    footer: 'Service failing',
    icon: 'error',
    notice: /The service is failing: it answers with errors\. 2 changes wait and will be retried\./,
    menu: 'Service failing · 2 changes waiting',
  },
  'rate-limited': {
    footer: 'Slowed down by the service',
    icon: 'pending',
    notice: /asked Task Tray to slow down\. 2 changes wait and will be sent shortly\./,
    menu: 'Slowed down by the service · 2 changes waiting',
  },
  refused: {
    footer: 'Key refused',
    icon: 'error',
    notice: /2 changes paused: Key refused/,
    menu: 'Key refused · 2 changes waiting',
  },
  permission: {
    footer: 'Permission missing',
    icon: 'error',
    notice: /2 changes paused: Permission missing/,
    menu: 'Permission missing · 2 changes waiting',
  },
};

describe('one connection model, said the same on every surface', () => {
  it.each(CONNECTION_CAUSES)('%s', async (cause) => {
    const connection: ConnectionView = {
      state: STATES[cause],
      cause,
      pendingChanges: 2,
      message: cause === 'computer-offline' ? null : 'What the service said.',
    };
    const want = EXPECTED[cause];
    const words = describeConnection(connection, 'api-key');
    expect(words.label).toBe(want.footer);

    // Popup: the footer, and the notice above it.
    renderWithApi({ connection });
    const footer = await screen.findByRole('contentinfo');
    expect(footer.querySelector('.footer__state')?.textContent).toBe(want.footer);
    const notice = document.querySelector('.connection-notice');
    if (want.notice)
      await waitFor(() =>
        expect(document.querySelector('.connection-notice')?.textContent).toMatch(want.notice!),
      );
    else expect(notice).toBeNull();

    // Tray: icon, tooltip's second line, and the menu's line under the organization.
    expect(trayIconState(connection)).toBe(want.icon);
    const account = connected();
    const tooltip = trayTooltip({ account, organization: org(), connection });
    expect(tooltip.split('\n')[1] ?? null).toBe(want.menu);
    const menu = buildTrayMenu(
      {
        account,
        organization: org(),
        tasks: [],
        connection,
        launchAtLogin: false,
        shortcut: null,
        platform: 'darwin',
      },
      {
        setStatus: () => {},
        setPriority: () => {},
        newTask: () => {},
        switchProfile: () => {},
        performUpdate: () => {},
        open: () => {},
        openSettings: () => {},
        openAssigned: () => {},
        captureEvidence: () => {},
        setLaunchAtLogin: () => {},
        quit: () => {},
        connect: () => {},
        setComplianceStatus: () => {},
        openComplianceTask: () => {},
      },
    );
    const labels = menu.map((i) => i.label);
    if (want.menu) expect(labels).toContain(want.menu);
    expect(labels.includes('Connect again…')).toBe(words.action === 'reconnect');
  });
});
