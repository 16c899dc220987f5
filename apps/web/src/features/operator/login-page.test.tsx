import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { OperatorLoginPage } from './login-page';
import { getOperatorSession, OPERATOR_STORAGE_KEY } from './session';

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

const operator = {
  id: 7,
  name: 'Sara Ops',
  nameAr: null,
  role: 'support',
  mobile: '97455123456',
  createdAt: '2026-01-01T00:00:00.000Z',
  disabledAt: null,
};

describe('OperatorLoginPage', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for the number, the password and the 6-digit code, and sends nothing', async () => {
    renderScreen(<OperatorLoginPage />, '/operator/login');
    submit();
    expect(await screen.findByText('Number is a required field')).toBeTruthy();
    expect(screen.getByText('Password is a required field')).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a code that is not exactly 6 digits and an impossible number', async () => {
    renderScreen(<OperatorLoginPage />, '/operator/login');
    fireEvent.change(field(/^Mobile/), { target: { value: '12' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-pass' } });
    for (const code of ['12345', '12a456', '1234567']) {
      fireEvent.change(field(/^Authenticator code/), { target: { value: code } });
      submit();
      expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    }
    expect(screen.getByText('Invalid Phone Num')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with admin/login and keeps the token under its own key, apart from the merchant session', async () => {
    localStorage.setItem('token', 'merchant-token');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { token: 'op-token', operator } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { router } = renderScreen(<OperatorLoginPage />, '/operator/login');
    fireEvent.change(field(/^Mobile/), { target: { value: '55123456' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-pass' } });
    fireEvent.change(field(/^Authenticator code/), { target: { value: '123456' } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: '97455123456', password: 'secret-pass', otp: '123456' });
    // the merchant's token is never sent to the console's calls
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    await waitFor(() => expect(getOperatorSession()?.token).toBe('op-token'));
    expect(JSON.parse(localStorage.getItem(OPERATOR_STORAGE_KEY) ?? '{}').operator.name).toBe('Sara Ops');
    expect(localStorage.getItem('token')).toBe('merchant-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator'));
  });
});
