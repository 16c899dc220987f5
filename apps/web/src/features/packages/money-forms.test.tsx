import { messages } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { AddCardForm } from './add-card-form';
import { PaymentOptions } from './payment-options';

const json = (data: unknown) => new Response(JSON.stringify({ data }));
const card = (id: number, isDefault: boolean, last4: string) => ({
  id,
  nameOnCard: 'Noor',
  cardNumber: `•••• •••• •••• ${last4}`,
  brand: 'visa',
  last4,
  expirationDate: '08-2031',
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const fetchMock = vi.fn();
const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => Object.fromEntries((init as { body: FormData }).body.entries()));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

describe('AddCardForm', () => {
  it('formats the number as typed, shows the spec messages, and sends MM-YYYY', async () => {
    fetchMock.mockImplementation(async () => json(card(9, true, '4242')));
    const done = vi.fn();
    renderScreen(<AddCardForm onDone={done} />);
    type(/^Card number/, '4242-42x42 42424242999');
    expect(field(/^Card number/).value).toBe('4242 4242 4242 4242');
    type(/^Month/, '1a3');
    expect(field(/^Month/).value).toBe('13');

    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByText(messages.required.en);
    expect(screen.getByText(messages.validMonth.en)).toBeTruthy();
    expect(screen.getByText(messages.validYearMonth.en)).toBeTruthy();
    expect(screen.getByText(messages.invalidCvv.en)).toBeTruthy();

    type(/^Name on card/, 'Noor 2');
    type(/^Year/, '2001');
    type(/^CVV/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByText(messages.validName.en);
    expect(screen.getByText(messages.validYear.en)).toBeTruthy();
    expect(screen.getByText(messages.cvvLength.en)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    const year = String(new Date().getFullYear() + 2);
    type(/^Name on card/, 'Noor Al Thani');
    type(/^Month/, '8');
    fireEvent.blur(field(/^Month/));
    type(/^Year/, year);
    type(/^CVV/, '123');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent('merchant/card/add')).toEqual([
      expect.objectContaining({
        nameOnCard: 'Noor Al Thani',
        cardNumber: '4242 4242 4242 4242',
        expirationDate: `08-${year}`,
        CVV: '123',
      }),
    ]);
  });
});

describe('PaymentOptions', () => {
  it('Pay Now is disabled without cards', async () => {
    fetchMock.mockImplementation(async () => json({ rows: [], count: 0 }));
    renderScreen(<PaymentOptions pkg={{ id: 1, amount: 35, points: 2000 }} onBought={() => {}} />);
    await screen.findByText("You don't have any card yet. Add one to pay.");
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pre-selects the default card, shows only the first until Show more, and buys with one key', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).endsWith('merchant/card/list')
        ? json({ rows: [card(5, true, '4242'), card(6, false, '4444'), card(7, false, '5556')], count: 3 })
        : new Response(JSON.stringify({ message: 'The card was declined; nothing was charged' }), { status: 409 }),
    );
    renderScreen(<PaymentOptions pkg={{ id: 1, amount: 35, points: 2000 }} onBought={() => {}} />);
    await screen.findByText(/4242/);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show more (2)' }));
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent('merchant/req/package')).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: /4444/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent('merchant/req/package')).toHaveLength(2));
    const [first, second] = sent('merchant/req/package');
    expect(first).toMatchObject({ packageId: '1', cardId: '5', paymentType: 'stripe' });
    expect(second).toMatchObject({ cardId: '6' });
    expect(first.idempotencyKey).toBe(second.idempotencyKey);
  });
});
