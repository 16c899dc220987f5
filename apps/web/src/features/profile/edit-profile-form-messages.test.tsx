import type { MerchantProfile } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { EditProfileForm } from './edit-profile-form';

const profile: MerchantProfile = {
  id: 1,
  name: 'Doha Coffee House',
  mobile: '97450000001',
  balance: 2000,
  isLive: true,
  isAproved: true,
  status: 'approved',
  rule: 'merchant',
  userCurrncy: 'USD',
  MerchantProfile: {
    logo: null,
    hotLine: null,
    refundPeriod: null,
    acceptWithinMinutes: 10,
    commissionPercentage: null,
    taxRegistrationNumber: null,
    refundRules: null,
  },
  counts: {
    activeOffers: 0,
    inactiveOffers: 0,
    approvedRequests: 0,
    pendingRequests: 0,
    ordersToAccept: 0,
    deliveriesWithoutCourier: 0,
    pendingRedeems: 0,
    branches: 1,
    employees: 0,
  },
  merchantUser: { rule: 'merchant', fName: 'Doha Coffee House', mName: '', lName: '', isActive: true },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('EditProfileForm (SPEC §5, §8; issue 23)', () => {
  const fetchMock = vi.fn();
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

  it('says "Please enter valid mobile number" for a mobile that is not one, "Please enter valid name" for a name without letters', async () => {
    renderScreen(<EditProfileForm profile={profile} />, '/profile');
    fireEvent.change(field(/^Mobile/), { target: { value: '12' } });
    fireEvent.blur(field(/^Mobile/));
    expect(await screen.findByText('Please enter valid mobile number')).toBeTruthy();
    fireEvent.change(field(/^Name/), { target: { value: '---' } });
    fireEvent.blur(field(/^Name/));
    expect(await screen.findByText('Please enter valid name')).toBeTruthy();
  });

  it('saves the currency display chosen and toasts "Updated!"', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ data: { ...profile, userCurrncy: 'QAR' } })));
    renderScreen(<EditProfileForm profile={profile} />, '/profile', '/profile', { toasts: true });
    fireEvent.click(screen.getByText('Qatar Riyal'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated!')).toBeTruthy();
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect(body.get('userCurrncy')).toBe('QAR');
    expect(body.get('mobile')).toBe('97450000001');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
