import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeLeft } from '../../components/accept-countdown';
import { queryKeys } from '../../lib/query-keys';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { AcceptForm } from './accept-order';

const answer = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status });

describe('accept form', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 5 });
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no scrolling; the picker's list scrolls its chosen option into view
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('counts down m:ss and stops at 0:00', () => {
    const now = Date.parse('2026-06-15T09:00:00Z');
    expect(timeLeft('2026-06-15T09:09:05Z', now)).toBe('9:05');
    expect(timeLeft('2026-06-15T08:59:00Z', now)).toBe('0:00');
  });

  it('accepts with the chosen preparation minutes: the call, the toast, the request kept', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { data: { id: 7, status: 'pending', acceptedAt: '2026-06-15T09:02:00Z', prepMinutes: 30 } }),
    );
    const acceptBy = new Date(Date.now() + 8 * 60_000).toISOString();
    const { client } = renderScreen(
      <AcceptForm id={7} acceptBy={acceptBy} />,
      '/productrequest/7',
      '/productrequest/:id',
      {
        toasts: true,
      },
    );
    expect(screen.getByTestId('accept-countdown').textContent).toMatch(/7:5\d|8:00/);
    fireEvent.click(screen.getAllByLabelText(/Ready in/)[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '30 min' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/merchant/product/req/accept');
    const body = fetchMock.mock.calls[0][1].body;
    const sent = body instanceof FormData ? Object.fromEntries(body) : JSON.parse(String(body));
    expect(sent).toMatchObject({ id: '7', prepMinutes: '30' });
    expect(await screen.findByText('Order accepted')).toBeTruthy();
    expect(client.getQueryData(queryKeys.productRequests.detail({ id: 7 }))).toMatchObject({ prepMinutes: 30 });
  });

  it('shows the server refusal (the order was canceled meanwhile) and no success toast', async () => {
    fetchMock.mockResolvedValue(answer(409, { message: 'Only a new order that is not canceled can be accepted' }));
    renderScreen(
      <AcceptForm id={7} acceptBy={new Date(Date.now() + 60_000).toISOString()} />,
      '/productrequest/7',
      '/productrequest/:id',
      {
        toasts: true,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Only a new order that is not canceled can be accepted')).toBeTruthy();
    expect(screen.queryByText('Order accepted')).toBeNull();
  });
});
