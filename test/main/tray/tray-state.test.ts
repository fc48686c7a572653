import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OrganizationSchema } from '../../../common/organization';
import type { AccountStatus, ConnectionView } from '../../../common/views';
import {
  MAX_TOOLTIP_LENGTH,
  showsDueMark,
  TRAY_ICON_STATES,
  trayIconFile,
  trayIconState,
  trayTooltip,
} from '../../../main/tray/tray-state';
import type { PanelKind } from '../../../main/tray/tray-state';

const CAUSES = {
  online: 'online',
  offline: 'unreachable',
  'signed-out': 'signed-out',
  unauthorized: 'refused',
  error: 'failing',
} as const;
const connection = (state: ConnectionView['state'], pendingChanges = 0): ConnectionView => ({
  state,
  cause: CAUSES[state],
  pendingChanges,
  message: null,
});
const connected = (demo = false): AccountStatus => ({
  state: 'connected',
  problem: null,
  profile: {
    id: 'p1',
    label: 'Work',
    name: 'Work',
    baseUrl: 'https://api.example.com',
    authKind: 'api-key',
    organizationId: null,
    hasSecret: true,
    secretHint: null,
    demo,
  },
  profiles: [],
});
const acme = OrganizationSchema.parse({ id: 'org_1', name: 'Acme Inc' });

describe('trayIconState', () => {
  it.each([
    [connection('online'), 'normal'],
    [connection('online', 3), 'pending'],
    [connection('offline'), 'offline'],
    [connection('offline', 3), 'offline'],
    [connection('signed-out'), 'offline'],
    [connection('unauthorized', 1), 'error'],
    [connection('error'), 'error'],
  ] as const)('%j → %s', (view, expected) => {
    expect(trayIconState(view)).toBe(expected);
  });
});

describe('trayTooltip', () => {
  it('shows a name with a bidi override as plain text', () => {
    const spoof = OrganizationSchema.parse({ id: 'org_1', name: 'Acme \u202Ecni\u2066' });
    expect(
      trayTooltip({ account: connected(), organization: spoof, connection: connection('online') }),
    ).toBe('Task Tray — Acme cni');
  });

  it('names the organization, and says Demo for the demo', () => {
    expect(
      trayTooltip({ account: connected(), organization: acme, connection: connection('online') }),
    ).toBe('Task Tray — Acme Inc');
    expect(
      trayTooltip({
        account: connected(true),
        organization: acme,
        connection: connection('online'),
      }),
    ).toBe('Task Tray — Acme Inc (Demo)');
  });

  it('with several accounts, names the one shown before its organization', () => {
    const base = connected();
    const shown = base.state === 'connected' ? base.profile : null;
    const account: AccountStatus = {
      ...base,
      profiles: [shown!, { ...shown!, id: 'p2', label: 'Clinic' }],
    };
    expect(trayTooltip({ account, organization: acme, connection: connection('online') })).toBe(
      'Task Tray — Work · Acme Inc',
    );
  });

  it('says an update that failed to download on a line of its own', () => {
    expect(
      trayTooltip({
        account: connected(),
        organization: acme,
        connection: connection('online'),
        update: 'Could not download the update: no connection',
      }),
    ).toBe('Task Tray — Acme Inc\nCould not download the update: no connection');
  });

  it('adds how many changes wait, and whether it is offline', () => {
    expect(
      trayTooltip({
        account: connected(),
        organization: acme,
        connection: connection('offline', 2),
      }),
    ).toBe('Task Tray — Acme Inc\nService unreachable · 2 changes waiting');
  });

  it('says when nobody is connected', () => {
    expect(
      trayTooltip({
        account: { state: 'signed-out', problem: null, profiles: [] },
        organization: null,
        connection: connection('signed-out'),
      }),
    ).toBe('Task Tray — not connected');
  });

  it('fits the Windows tooltip limit even for a very long name', () => {
    const long = OrganizationSchema.parse({ id: 'org_1', name: 'Very Long Name '.repeat(20) });
    const text = trayTooltip({
      account: connected(true),
      organization: long,
      connection: connection('offline', 12),
    });
    expect(Array.from(text).length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('trayIconFile', () => {
  const base = join('/opt', 'Task Tray', 'resources', 'tray');
  const KINDS: readonly PanelKind[] = ['light', 'dark', 'contrast'];

  it('uses template images on macOS, whatever the panel', () => {
    for (const kind of KINDS) {
      expect(trayIconFile('pending', 'darwin', kind, base)).toBe(
        join(base, 'tray-pendingTemplate.png'),
      );
    }
  });

  it('picks the image made for the panel on Windows and Linux', () => {
    expect(trayIconFile('error', 'win32', 'dark', base)).toBe(join(base, 'tray-error-dark.png'));
    expect(trayIconFile('error', 'win32', 'light', base)).toBe(join(base, 'tray-error-light.png'));
    expect(trayIconFile('offline', 'linux', 'dark', base)).toBe(
      join(base, 'tray-offline-dark.png'),
    );
    expect(trayIconFile('offline', 'linux', 'light', base)).toBe(
      join(base, 'tray-offline-light.png'),
    );
    expect(trayIconFile('pending', 'linux', 'contrast', base)).toBe(
      join(base, 'tray-pending-contrast.png'),
    );
  });

  it('carries the due mark when something is overdue or due today, on every platform', () => {
    const due = { summary: '1 overdue', tasks: [{ id: 'tsk_a' }] };
    const nothing = { summary: null, tasks: [] };
    expect(showsDueMark(due)).toBe(true);
    expect(showsDueMark(nothing)).toBe(false);
    // Nobody known, signed out: no mark.
    expect(showsDueMark(null)).toBe(false);
    expect(trayIconFile('normal', 'darwin', 'light', base, showsDueMark(due))).toBe(
      join(base, 'tray-normal-dueTemplate.png'),
    );
    expect(trayIconFile('error', 'win32', 'dark', base, true)).toBe(
      join(base, 'tray-error-due-dark.png'),
    );
    expect(trayIconFile('pending', 'linux', 'contrast', base, showsDueMark(nothing))).toBe(
      join(base, 'tray-pending-contrast.png'),
    );
  });

  it('names only images that exist in build/tray, with their @2x beside them', () => {
    const dir = join(__dirname, '..', '..', '..', 'build', 'tray');
    const missing: string[] = [];
    for (const state of TRAY_ICON_STATES) {
      for (const platform of ['darwin', 'win32', 'linux', 'freebsd'] as const) {
        for (const kind of KINDS) {
          for (const due of [false, true]) {
            const file = trayIconFile(state, platform, kind, dir, due);
            const retina = file.replace(/\.png$/, '@2x.png');
            for (const f of [file, retina]) if (!existsSync(f)) missing.push(basename(f));
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
