/** The merchant's handover without the code (issue 26): only on a delivery in progress, with a reason. */
import type { ProductRequest } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { HandoverForm } from './handover-form';

const req = (deliveryStatus: ProductRequest['deliveryStatus']) =>
  ({ id: 7, status: 'pending', deliveryStatus }) as ProductRequest;

describe('HandoverForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('is offered on a delivery in progress only', () => {
    renderScreen(<HandoverForm r={req('pending')} />);
    expect(screen.queryByTestId('handover')).toBeNull();
  });

  it('asks for a reason, then sends it', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ data: { ...req('done'), status: 'done' } })),
    );
    renderScreen(<HandoverForm r={req('inProgress')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the handover' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Customer showed the app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the handover' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('merchant/product/req/confirmHandover');
    expect((init.body as FormData).get('reason')).toBe('Customer showed the app');
  });
});
