import { type MerchantProfile, messages } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { EditProfileForm } from './edit-profile-form';

const profile: MerchantProfile = {
  id: 1,
  name: 'Cafe Noor',
  mobile: '97455123456',
  balance: 0,
  isLive: false,
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
    branches: 0,
    employees: 0,
  },
  merchantUser: { rule: 'merchant', fName: 'Cafe Noor', mName: '', lName: '', isActive: true },
  createdAt: '2026-01-01T00:00:00.000Z',
};

const fetchMock = vi.fn();
const sent = () =>
  fetchMock.mock.calls.map(([, init]) => Object.fromEntries((init as { body: FormData }).body.entries()));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const mobileInput = () => document.querySelector('input[name="number"]') as HTMLInputElement;
const passwordInput = () => screen.queryByLabelText(/^Current password/) as HTMLInputElement | null;

describe('EditProfileForm', () => {
  it('asks for the current password only when the mobile changes, and sends it', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: profile })));
    renderScreen(<EditProfileForm profile={profile} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Cafe Noor 2' } });
    expect(passwordInput()).toBeNull();

    fireEvent.change(mobileInput(), { target: { value: '55123457' } });
    expect(passwordInput()).toBeTruthy();
    expect(screen.getByText(/needs your current password/)).toBeTruthy();
    // saving waits for it: the field says why once left empty
    fireEvent.focus(passwordInput()!);
    fireEvent.blur(passwordInput()!);
    await screen.findByText(messages.currentPasswordForMobile.en);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(passwordInput()!, { target: { value: 'my-pass-123' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ mobile: '97455123457', password: 'my-pass-123', fName: 'Cafe Noor 2' });
  });

  it('back to the same mobile: no password asked, none sent', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: profile })));
    renderScreen(<EditProfileForm profile={profile} />);
    fireEvent.change(mobileInput(), { target: { value: '55123457' } });
    fireEvent.change(mobileInput(), { target: { value: '55123456' } });
    expect(passwordInput()).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Hotline/), { target: { value: '44001122' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()[0]).not.toHaveProperty('password');
  });
});
