import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../lib/queries/config';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { ActivateAccountPage } from './activate-account-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('readConfig', () => {
  it('keeps what it knows and drops blanks and strangers', () => {
    expect(
      readConfig({ mapTileUrl: 'https://t/{z}/{x}/{y}.png', support: { email: 'help@shop.qa', phone: ' ' } }),
    ).toEqual({
      mapTileUrl: 'https://t/{z}/{x}/{y}.png',
      support: { email: 'help@shop.qa' },
    });
    expect(readConfig({ support: {} })).toEqual({ mapTileUrl: undefined, support: undefined });
    expect(readConfig(null)).toEqual({ mapTileUrl: undefined, support: undefined });
  });
});

describe('ActivateAccountPage', () => {
  const fetchMock = vi.fn();
  const serve = (config: unknown) =>
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/config' ? json({ data: config }) : json({ data: { isAproved: false } }),
    );
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: false, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the operator's support contact from /api/config", async () => {
    serve({ support: { email: 'help@shop.qa', phone: '+974 4000 0000' } });
    renderScreen(<ActivateAccountPage />, '/profile/activateaccount');
    expect(await screen.findByText('help@shop.qa')).toBeTruthy();
    expect(screen.getByText('+974 4000 0000').closest('a')?.getAttribute('href')).toBe('tel:+97440000000');
    expect(screen.getByText('Your account is under review')).toBeTruthy();
  });

  it('shows no contact rather than a made-up one when none is configured', async () => {
    serve({ mapTileUrl: 'https://tiles/{z}/{x}/{y}.png' });
    renderScreen(<ActivateAccountPage />, '/profile/activateaccount');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()));
    expect(await screen.findByText('Your account is under review')).toBeTruthy();
    expect(screen.queryByTestId('support-contact')).toBeNull();
    expect(document.body.textContent).not.toContain('example.com');
  });
});
