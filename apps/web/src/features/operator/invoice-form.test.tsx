import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import './strings';
import { InvoiceForm } from './invoice-form';

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add invoice' }));

describe('InvoiceForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('needs the merchant, a name and an amount in dollars before it sends anything', async () => {
    renderScreen(<InvoiceForm onDone={() => {}} />, '/operator/invoices');
    fireEvent.change(field(/^Amount/), { target: { value: '12.345' } });
    submit();
    await waitFor(() => expect(field(/^Merchant's mobile/).getAttribute('aria-invalid')).toBe('true'));
    expect(field(/^Name(\s*\*)?$/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends admin/invoice/add with the filled fields only', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 9, name: 'Setup fee', amount: 25.5, merchantId: 3 } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const onDone = vi.fn();
    renderScreen(<InvoiceForm onDone={onDone} />, '/operator/invoices');
    fireEvent.change(field(/^Merchant's mobile/), { target: { value: '97455123456' } });
    fireEvent.change(field(/^Name(\s*\*)?$/), { target: { value: 'Setup fee' } });
    fireEvent.change(field(/^Amount/), { target: { value: '25.50' } });
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/invoice/add');
    expect(JSON.parse(String(init.body))).toEqual({ merchant: '97455123456', name: 'Setup fee', amount: '25.50' });
  });
});
