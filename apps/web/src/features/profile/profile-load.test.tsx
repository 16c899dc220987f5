import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../lib/api';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { CompleteProfilePage } from './complete-profile-page';
import { ProfilePage } from './profile-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('the profile cannot load (SPEC §8)', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('/completeprofile goes to /login as well', async () => {
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    fetchMock.mockResolvedValue(json({ message: 'Session ended' }, 401));
    const { router } = renderScreen(<CompleteProfilePage />, '/completeprofile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    // the router's location changes before React has drawn the screen it leads to
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  for (const [role, status] of [
    ['merchant', 401],
    ['merchant', 500],
    ['merchantUser', 401],
    ['merchantUser', 403],
  ] as const)
    it(`${role}: a ${status} on me goes to /login`, async () => {
      saveSession({ token: 'tok', rule: role, isAproved: true, id: 1 });
      fetchMock.mockResolvedValue(json({ message: 'Session ended' }, status));
      const { router } = renderScreen(<ProfilePage />, '/profile');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    });
});
