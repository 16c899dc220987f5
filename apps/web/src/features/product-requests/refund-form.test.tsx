import { messages } from '@loyalty/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { RefundForm } from './refund-form';

const answer = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status });

describe('refund form', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 5 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const submit = (comment: string) => {
    fireEvent.change(screen.getByLabelText(/^Refund comment/), { target: { value: comment } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  };

  it('confirms the refund: toast, request and lists refreshed, though the form is gone by then', async () => {
    let reply: ((res: Response) => void) | undefined;
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          reply = resolve;
        }),
    );
    const { router, client } = renderScreen(<RefundForm reqId={7} />, '/productrequest/7', '/productrequest/:id', {
      toasts: true,
    });
    const pickups = queryKeys.productRequests.list({ tab: 'pickup' });
    client.setQueryData(pickups, []);
    submit('Refunded in full at the counter');
    await waitFor(() => expect(reply).toBeDefined());
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/user/req/confirm/refund');
    // the refreshed request (refund.done) unmounts the form; leaving the screen does it for sure
    await act(() => router.navigate('/productRequests'));
    reply?.(answer(200, { data: { id: 7, status: 'refund.done', refundComment: 'Refunded in full at the counter' } }));
    expect(await screen.findByText('Refund confirmed')).toBeTruthy();
    expect(client.getQueryData(queryKeys.productRequests.detail({ id: 7 }))).toMatchObject({ status: 'refund.done' });
    expect(client.getQueryState(pickups)?.isInvalidated).toBe(true);
  });

  it('puts a 422 on the comment field and toasts the message, with no success toast', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        message: 'Please check the highlighted fields',
        errors: [{ field: 'comment', message: 'Too vague' }],
      }),
    );
    renderScreen(<RefundForm reqId={7} />, '/productrequest/7', '/productrequest/:id', { toasts: true });
    submit('ok');
    expect(await screen.findByText('Too vague')).toBeTruthy();
    expect(await screen.findByText('Please check the highlighted fields')).toBeTruthy();
    expect(screen.queryByText('Refund confirmed')).toBeNull();
  });

  it("staff (refunds, issue 27) call merchantUser/req/confirm/refund; the manager's threshold opens Manager approval and the PIN resends it", async () => {
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 9 });
    fetchMock.mockImplementation(async (_url: string, init: { body: FormData }) =>
      init.body.get('overridePin') === null
        ? answer(403, { message: messages.overrideRequired.en, needs: 'manager' })
        : answer(200, { data: { id: 7, status: 'refund.done', refundComment: 'Refunded at the counter' } }),
    );
    renderScreen(<RefundForm reqId={7} />, '/productrequest/7', '/productrequest/:id', { toasts: true });
    submit('Refunded at the counter');
    expect(await screen.findByRole('dialog', { name: 'Manager approval' })).toBeTruthy();
    expect(screen.getAllByText(messages.overrideRequired.en)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '246810' } });
    fireEvent.submit(screen.getByLabelText('Manager PIN').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Refund confirmed')).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([u, init]) => [String(u), (init.body as FormData).get('overridePin')]);
    expect(calls).toEqual([
      ['/api/merchantUser/req/confirm/refund', null],
      ['/api/merchantUser/req/confirm/refund', '246810'],
    ]);
  });
});
