import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Organization } from '../../common/organization';
import { OrgHeader } from '../../renderer/components/OrgHeader';
import { createFakeApi, deferred } from './fake-api';
import { org } from './fixtures';
import { renderWithApi } from './render-app';

const renderHeader = (o: Organization | null) => renderWithApi({ organization: o }, <OrgHeader />);

/** The details load on first use: wait for them. */
const detailsShown = () =>
  waitFor(() => expect(document.querySelector('.org-facts')).not.toBeNull());

/** The details panel's terms and values, as a person reads them. */
const facts = (): Record<string, string> =>
  Object.fromEntries(
    Array.from(document.querySelectorAll('.org-facts__row')).map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]),
  );

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const colorsOf = (el: HTMLElement) => ({ bg: el.style.backgroundColor, fg: el.style.color });
const expectColors = (el: HTMLElement, bg: string, fg: string) => {
  const c = colorsOf(el);
  // Either notation is fine; what matters is the colour itself.
  expect([bg.toLowerCase(), rgb(bg)]).toContain(c.bg.toLowerCase());
  expect([fg, rgb(fg)]).toContain(c.fg);
};

describe('organization header', () => {
  it('is one line: the name, and the details behind a disclosure', async () => {
    const { user } = renderHeader(org());
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Organization details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('northwind')).toBeNull();
    await user.click(toggle);
    await detailsShown();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
    expect(facts()).toMatchObject({
      Slug: 'northwind',
      'Organization id': 'org_7kq2m9x4v1pz',
      Created: '12 Mar 2023',
    });
    expect(screen.getByRole('link', { name: /northwind-health\.example/ })).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByText('northwind')).toBeNull();
  });

  it('shows a name and slug with bidi overrides or invisible characters as plain text', async () => {
    const { user } = renderHeader(
      org({ name: 'Northwind \u202EhtlaeH\u200B', slug: 'north\u202Ewind' }),
    );
    expect(await screen.findByRole('heading', { name: 'Northwind htlaeH' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Organization details' }));
    await detailsShown();
    expect(facts()['Slug']).toBe('northwind');
    expect(document.body.textContent).not.toMatch(/[\u202E\u200B]/);
  });

  it('opens the website through main, never by navigating the popup', async () => {
    const { fake, user } = renderHeader(org());
    await user.click(await screen.findByRole('button', { name: 'Organization details' }));
    await detailsShown();
    await user.click(screen.getByRole('link', { name: /northwind-health\.example/ }));
    expect(fake.callsOf('openExternal')).toEqual([{ url: 'https://northwind-health.example/' }]);
    expect(location.href).not.toContain('northwind-health');
  });

  it('shows every field of the interface in words, the device label id included', async () => {
    const { user } = renderHeader(
      org({
        authType: 'session',
        onboardingCompleted: false,
        isDeviceSetupCompleted: true,
        deviceLabelId: 4711,
        logo: 'org_7kq/logo.png',
        metadata: '{"region":"eu-west","ssoEnabled":true}',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Organization details' }));
    await detailsShown();
    expect(facts()).toEqual({
      Slug: 'northwind',
      Website: 'northwind-health.example (opens in your browser)',
      'Organization id': 'org_7kq2m9x4v1pz',
      'Signed in with': 'Web session',
      Access: 'Yes',
      Onboarding: 'Not finished',
      'Device management': 'Set up',
      'Device label id': '4711',
      Created: '12 Mar 2023',
      'Brand colour': '#0F766E',
      Logo: 'Set in the web app (not an image Task Tray can show)',
      Region: 'eu-west',
      'Sso enabled': 'Yes',
    });
  });

  it('shows the logo itself in the details, never its signed address', async () => {
    const signed =
      'https://storage.example.com/org_7kq/logo.png?X-Amz-Signature=abc123&X-Amz-Expires=3600';
    const { user } = renderHeader(org({ logoUrl: signed }));
    await user.click(await screen.findByRole('button', { name: 'Organization details' }));
    await detailsShown();
    const details = document.querySelector('.org__details')!;
    expect(details.textContent).not.toContain('storage.example.com');
    expect(details.querySelector('img')?.getAttribute('src')).toBe(signed);
  });

  it('says "No access" once on the popup, and why in the details', async () => {
    const { user } = renderHeader(org({ hasAccess: false }));
    await screen.findByRole('heading', { name: 'Northwind Health' });
    expect(screen.getAllByText(/no access/i)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Organization details' }));
    await detailsShown();
    expect(screen.getByText(/changes may be refused until it is restored/)).toBeTruthy();
    expect(facts()['Access']).toBe('No');
  });

  it('says it is the demo', async () => {
    renderWithApi({ organization: org() }, <OrgHeader demo />);
    await screen.findByRole('heading', { name: 'Northwind Health' });
    expect(screen.getByText('Demo')).toBeTruthy();
  });

  it('shows metadata that is not JSON as text, and none when empty', async () => {
    const first = renderHeader(org({ metadata: 'migrated from v1' }));
    await first.user.click(await screen.findByRole('button', { name: 'Organization details' }));
    await detailsShown();
    expect(facts()['Metadata']).toBe('migrated from v1');
    first.unmount();
    const second = renderHeader(org({ metadata: '' }));
    await second.user.click(await screen.findByRole('button', { name: 'Organization details' }));
    await detailsShown();
    expect(facts()['Metadata']).toBeUndefined();
  });

  it('shows initials on the primary colour, with white text on a dark colour', async () => {
    renderHeader(org({ primaryColor: '#1a237e' }));
    const badge = await screen.findByTestId('org-initials');
    expect(badge.textContent).toBe('NH');
    expectColors(badge, '#1a237e', '#ffffff');
  });

  it('puts black text on a light primary colour', async () => {
    renderHeader(org({ primaryColor: '#FFD60A', name: 'Sunny Side' }));
    const badge = await screen.findByTestId('org-initials');
    expect(badge.textContent).toBe('SS');
    expectColors(badge, '#FFD60A', '#000000');
  });

  it('ignores a malformed colour rather than trusting it', async () => {
    renderHeader(org({ primaryColor: 'red; background: url(x)' }));
    const badge = await screen.findByTestId('org-initials');
    expect(badge.style.backgroundColor).toBe('');
    expect(badge.className).toContain('org-logo--neutral');
  });

  it('shows the logo when it is an https URL (logoUrl first)', async () => {
    const { container } = renderHeader(
      org({ logo: 'org_7kq/logo.png', logoUrl: 'https://cdn.example.com/signed/logo.png' }),
    );
    await screen.findByRole('heading', { name: 'Northwind Health' });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/signed/logo.png');
    expect(screen.queryByTestId('org-initials')).toBeNull();
  });

  it('shows initials when the logo is a storage key, not a URL', async () => {
    const { container } = renderHeader(org({ logo: 'org_7kq/logo.png' }));
    expect(await screen.findByTestId('org-initials')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to initials when the logo does not load', async () => {
    const { container } = renderHeader(org({ logo: 'https://cdn.example.com/gone.png' }));
    await screen.findByRole('heading', { name: 'Northwind Health' });
    const img = container.querySelector('img')!;
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(screen.getByTestId('org-initials').textContent).toBe('NH');
  });

  it('shows a placeholder while loading, and the organization when it arrives', async () => {
    const fake = createFakeApi();
    const answer = deferred<Result<Organization>>();
    fake.answer('getOrganization', () => answer.promise);
    const { container } = renderWithApi({}, <OrgHeader />, fake);
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the organization…');
    await act(async () => answer.resolve(ok(org())));
    expect(screen.getByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
  });

  it('says why it could not load, and refreshes from the service on retry', async () => {
    const fake = createFakeApi();
    fake.answer('getOrganization', async () =>
      err(appError('network', 'Could not reach the service.')),
    );
    const { user } = renderWithApi({}, <OrgHeader />, fake);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not reach the service.',
    );
    fake.answer('getOrganization', async () => ok(org()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
    expect(fake.callsOf('getOrganization')).toEqual([undefined, { refresh: true }]);
  });

  it('follows org:changed from main', async () => {
    const { fake } = renderHeader(org());
    await screen.findByRole('heading', { name: 'Northwind Health' });
    act(() => fake.emit('org:changed', org({ name: 'Acme Logistics' })));
    expect(screen.getByRole('heading', { name: 'Acme Logistics' })).toBeTruthy();
  });

  it('keeps a very long name on one line with the full name as a tooltip', async () => {
    const long = 'The Extraordinarily Long-Named International Organization for Compliance';
    renderHeader(org({ name: long }));
    const h = await screen.findByRole('heading', { name: long });
    expect(h.getAttribute('title')).toBe(long);
  });
});
