import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { SettlementList } from './settlement-list';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const row = {
  id: 7,
  status: 'initial',
  amount: -4.75,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { id: 3, name: 'Sara', mobile: '97450000001' },
};

/** The settlement rows read like the other screens (issue 23): a formatted phone, and money in the merchant's currency. */
describe('SettlementList', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  const answer = (userCurrncy: string) =>
    fetchMock.mockImplementation(async (url: string) => {
      if (String(url).endsWith('merchant/me')) return json({ data: { id: 1, userCurrncy } });
      return json({ data: [row] });
    });
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the mobile as a phone number and a refund in dollars as -$4.75', async () => {
    answer('USD');
    renderScreen(<SettlementList status="initial" />);
    expect((await screen.findByTestId('phone')).textContent).toBe('+974 5000 0001');
    expect(await screen.findByText('-$4.75')).toBeTruthy();
  });

  it('shows the amount in Qatar Riyal when the merchant chose it', async () => {
    answer('QAR');
    renderScreen(<SettlementList status="initial" />);
    expect(await screen.findByText(/17\.29 Qatar Riyal/)).toBeTruthy();
  });
});
