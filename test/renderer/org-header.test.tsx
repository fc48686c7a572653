import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Organization } from '../../common/organization';
import { OrgHeader } from '../../renderer/components/OrgHeader';
import { createFakeApi, deferred } from './fake-api';
import { org } from './fixtures';
import { renderWithApi } from './render-app';

const renderHeader = (o: Organization | null) => renderWithApi({ organization: o }, <OrgHeader />);

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
  it('shows the name, slug, website and created date', async () => {
    renderHeader(org());
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
    expect(screen.getByText('northwind')).toBeTruthy();
    expect(screen.getByRole('link', { name: /northwind-health\.example/ })).toBeTruthy();
    const since = screen.getByText(/Since/);
    expect(since.textContent).toBe('Since Mar 2023');
    expect(since.getAttribute('title')).toMatch(/^Created .*12.*2023$/);
  });

  it('shows a name and slug with bidi overrides or invisible characters as plain text', async () => {
    renderHeader(org({ name: 'Northwind \u202EhtlaeH\u200B', slug: 'north\u202Ewind' }));
    expect(await screen.findByRole('heading', { name: 'Northwind htlaeH' })).toBeTruthy();
    expect(screen.getByText('northwind')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[\u202E\u200B]/);
  });

  it('opens the website through main, never by navigating the popup', async () => {
    const { fake, user } = renderHeader(org());
    await user.click(await screen.findByRole('link', { name: /northwind-health\.example/ }));
    expect(fake.callsOf('openExternal')).toEqual([{ url: 'https://northwind-health.example/' }]);
    expect(location.href).not.toContain('northwind-health');
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

  it('has badges for auth method, access, onboarding and device setup', async () => {
    renderHeader(
      org({ authType: 'session', onboardingCompleted: false, isDeviceSetupCompleted: true }),
    );
    const list = await screen.findByRole('list', { name: 'Organization status' });
    const labels = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Session', 'Access', 'Onboarding incomplete', 'Devices set up']),
    );
  });

  it('warns clearly when the organization has no access', async () => {
    renderHeader(org({ hasAccess: false }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This organization has no access');
    expect(screen.getByText('No access')).toBeTruthy();
  });

  it('keeps metadata collapsed, as key/values when it is JSON', async () => {
    const { container, user } = renderHeader(org({ metadata: '{"region":"eu-west","seats":42}' }));
    await screen.findByRole('heading', { name: 'Northwind Health' });
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(screen.getByText('Details'));
    expect(details.open).toBe(true);
    const terms = Array.from(details.querySelectorAll('dt')).map((d) => d.textContent);
    const values = Array.from(details.querySelectorAll('dd')).map((d) => d.textContent);
    expect(terms).toEqual(['region', 'seats']);
    expect(values).toEqual(['eu-west', '42']);
  });

  it('shows metadata that is not JSON as text, and none when empty', async () => {
    const first = renderHeader(org({ metadata: 'migrated from v1' }));
    expect((await first.findByText('migrated from v1')).tagName).toBe('P');
    first.unmount();
    const second = renderHeader(org({ metadata: '' }));
    await second.findByRole('heading', { name: 'Northwind Health' });
    expect(second.container.querySelector('details')).toBeNull();
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
