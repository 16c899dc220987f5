import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { RegisterPage } from './register-page';

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
const leave = (name: RegExp, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};

describe('RegisterPage: SPEC §5 generic messages (issue 23)', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('says "Please enter valid name" for a name without a letter, "Name is a required field" for none', async () => {
    renderScreen(<RegisterPage />, '/register');
    leave(/^Name/, '12345');
    expect(await screen.findByText('Please enter valid name')).toBeTruthy();
    leave(/^Name/, '');
    expect(await screen.findByText('Name is a required field')).toBeTruthy();
  });

  it('says "Please enter valid password" first, then why; an empty one is simply required', async () => {
    renderScreen(<RegisterPage />, '/register');
    leave(/^Password/, 'short');
    expect(await screen.findByText('Please enter valid password: Password must be at least 8 characters')).toBeTruthy();
    leave(/^Password/, '');
    expect(await screen.findByText('Password is a required field')).toBeTruthy();
  });

  it('toasts "Failed to create new account" with the server\'s reason under it', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'This mobile number already has an account' }), { status: 409 }),
    );
    renderScreen(<RegisterPage />, '/register', '/register', { toasts: true });
    leave(/^Name/, 'Doha Coffee House');
    leave(/^Phone number/, '55123456');
    leave(/^Password/, 'a-good-pass-1');
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const title = await screen.findByText('Failed to create new account');
    expect(title.closest('.mantine-Notification-root')?.textContent).toContain(
      'This mobile number already has an account',
    );
  });
});
