import { messages } from '@loyalty/contract';
import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApproveRequest } from '../features/requests/api';
import { clearStorage, saveSession } from '../lib/session';
import { renderScreen } from '../test/render';
import { useManagerApproval } from './manager-approval';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const redeem = { id: 4, isApproved: true, status: 'approved' };

function Approve() {
  const approve = useManagerApproval(useApproveRequest('redeem'));
  return (
    <>
      <Button onClick={() => approve.mutate({ id: 4 })}>Approve</Button>
      {approve.modal}
    </>
  );
}

const approvals = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith('merchantUser/req/redeem/approve'))
    .map(([, init]) => init.body as FormData);

describe('Manager approval', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 2 });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    clearStorage();
  });

  it('opens on a refusal naming a permission, refuses a wrong PIN, and sends the same call with the right one', async () => {
    const pins: string[] = [];
    fetchMock.mockImplementation(async (url: string, init: { body: FormData }) => {
      if (!url.endsWith('req/redeem/approve')) return json({ data: {} });
      const pin = init.body.get('overridePin');
      if (pin === null) return json({ message: messages.needApproveRedeems.en, needs: 'approveRedeems' }, 403);
      pins.push(String(pin));
      if (pin !== '246810') return json({ message: messages.overridePinWrong.en }, 403);
      return json({ data: redeem });
    });
    renderScreen(<Approve />, '/', '/', { toasts: true });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

    // the refusal is the modal's reason, not a toast as well
    expect(await screen.findByRole('dialog', { name: 'Manager approval' })).toBeTruthy();
    expect(screen.getAllByText(messages.needApproveRedeems.en)).toHaveLength(1);

    // the contract's rule: six digits, checked before anything is sent
    const pin = screen.getByLabelText('Manager PIN');
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.submit(pin.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Enter 6 digits')).toBeTruthy();
    expect(pins).toEqual([]);

    // a wrong PIN: the server's message in the modal, which stays open
    fireEvent.change(pin, { target: { value: '000000' } });
    fireEvent.submit(pin.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('approval-error')).textContent).toBe(messages.overridePinWrong.en);
    expect(screen.getAllByText(messages.overridePinWrong.en)).toHaveLength(1);

    // the right PIN: the same call (same request id) with overridePin, and the modal closes
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '246810' } });
    fireEvent.submit(screen.getByLabelText('Manager PIN').closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manager approval' })).toBeNull());
    expect(pins).toEqual(['000000', '246810']);
    expect(approvals(fetchMock).map((b) => b.get('reqId'))).toEqual(['4', '4', '4']);
    expect(await screen.findByText(messages.approvedSuccessfully.en)).toBeTruthy();
  });

  it('opens for a threshold refusal too, and shows the lock', async () => {
    fetchMock.mockImplementation(async (_url: string, init: { body: FormData }) =>
      init.body.get('overridePin') === null
        ? json({ message: messages.overrideRequired.en, needs: 'manager' }, 403)
        : json({ message: messages.overridePinLocked.en }, 403),
    );
    renderScreen(<Approve />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(messages.overrideRequired.en)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '123456' } });
    fireEvent.submit(screen.getByLabelText('Manager PIN').closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('approval-error')).textContent).toBe(messages.overridePinLocked.en);
  });

  it('leaves other refusals to the toast', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Request not found' }, 404));
    renderScreen(<Approve />, '/', '/', { toasts: true });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request not found')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Manager approval' })).toBeNull();
  });
});
