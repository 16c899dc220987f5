import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, getSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { LoginPage } from './login-page';

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;

describe('LoginPage', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage(); // also resets the cached session snapshot
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows Invalid Phone Num and keeps submit disabled for a too short phone', async () => {
    renderScreen(<LoginPage />, '/login');
    expect(submit().disabled).toBe(true);
    fireEvent.change(field(/^Phone number/), { target: { value: '1' } });
    fireEvent.blur(field(/^Phone number/));
    fireEvent.change(field(/^Password/), { target: { value: 'secret1' } });
    expect(await screen.findByText('Invalid Phone Num')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('says the number is required when the phone is left empty (SPEC §5)', async () => {
    renderScreen(<LoginPage />, '/login');
    fireEvent.focus(field(/^Phone number/));
    fireEvent.blur(field(/^Phone number/));
    expect(await screen.findByText('Number is a required field')).toBeTruthy();
  });

  it('refuses letters and impossible numbers instead of sending them', async () => {
    renderScreen(<LoginPage />, '/login');
    for (const typed of ['12ab', '974', '12']) {
      fireEvent.change(field(/^Phone number/), { target: { value: typed } });
      fireEvent.blur(field(/^Phone number/));
      expect(await screen.findByText('Invalid Phone Num')).toBeTruthy();
    }
    fireEvent.change(field(/^Password/), { target: { value: 'secret1' } });
    expect(submit().disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the dial code and the number, stores the session and leaves', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ data: { rule: 'merchant', isAproved: true, id: 5, token: 'tok', expiresAt: '' } })),
    );
    const { router } = renderScreen(<LoginPage />, '/login');
    fireEvent.change(field(/^Phone number/), { target: { value: '5512 3456' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret1' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect(body.get('username')).toBe('97455123456');
    expect(getSession()).toMatchObject({ token: 'tok', role: 'merchant', isAproved: true, merchantId: 5 });
  });

  it('toasts "Failed to login" with the server\'s reason under it (SPEC §5, DECISIONS §10)', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Enter valid mobile number and password' }), { status: 401 }),
    );
    renderScreen(<LoginPage />, '/login', '/login', { toasts: true });
    fireEvent.change(field(/^Phone number/), { target: { value: '55123456' } });
    fireEvent.change(field(/^Password/), { target: { value: 'wrong-pass' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const alert = await screen.findByText('Failed to login');
    expect(alert.closest('.mantine-Notification-root')?.textContent).toContain(
      'Enter valid mobile number and password',
    );
  });

  it('clears the phone after a failed login', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Enter valid mobile number and password' }), { status: 401 }),
    );
    renderScreen(<LoginPage />, '/login');
    fireEvent.change(field(/^Phone number/), { target: { value: '55123456' } });
    fireEvent.change(field(/^Password/), { target: { value: 'wrong-pass' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(field(/^Phone number/).value).toBe(''));
    expect(getSession().token).toBeNull();
  });
});
