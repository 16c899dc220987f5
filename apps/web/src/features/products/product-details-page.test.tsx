import type { Permission } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { ProductDetailsPage } from './product-details-page';

const ok = (data: unknown) => new Response(JSON.stringify({ data }));
const product = {
  id: 3,
  name: 'Flat white',
  nameAr: 'فلات وايت',
  price: 4,
  points: 40,
  stockAmount: 5,
  description: 'A double shot of espresso with steamed milk, small cup.',
  descriptionAr: 'جرعتان من الإسبريسو مع حليب مبخر في كوب صغير جدا.',
  deliveryAvailability: false,
  image: null,
  tags: [],
  tagsIds: [],
  merchant: { id: 1, name: 'Corner Cafe' },
};

/** The staff's product page (issue 27): Update product only with editProducts, and then the staff call. */
describe('product page for staff', { timeout: 15_000 }, () => {
  const calls: { path: string; body: FormData }[] = [];
  const serve = (permissions: Permission[]) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = String(url).replace('/api/', '');
      calls.push({ path, body: init.body as FormData });
      if (path === 'merchantUser/me') return ok({ permissions });
      if (path.endsWith('product/details')) return ok(product);
      if (path.endsWith('product/update')) return ok({ ...product, stockAmount: 12 });
      return ok({ rows: [], count: 0 });
    });
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    calls.length = 0;
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 5 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hides Update product without editProducts', async () => {
    serve(['productOrders', 'reject']);
    renderScreen(<ProductDetailsPage />, '/product/3', '/product/:id');
    await screen.findByText('Flat white');
    await waitFor(() => expect(calls.some((c) => c.path === 'merchantUser/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // the profile's answer is drawn
    expect(screen.queryByRole('button', { name: 'Update product' })).toBeNull();
  });

  it('with editProducts updates the stock through merchantUser/product/update', async () => {
    serve(['editProducts']);
    renderScreen(<ProductDetailsPage />, '/product/3', '/product/:id', { toasts: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Update product' }));
    const stock = (await screen.findByRole('dialog')).querySelector('[name="stockAmount"]') as HTMLInputElement;
    fireEvent.change(stock, { target: { value: '12' } });
    fireEvent.blur(stock);
    fireEvent.submit(stock.closest('form') as HTMLFormElement);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('product/update'))).toBe(true));
    const update = calls.filter((c) => c.path.endsWith('product/update'));
    expect(update.map((c) => c.path)).toEqual(['merchantUser/product/update']);
    expect(update[0].body.get('stockAmount')).toBe('12');
    expect(update[0].body.get('productId')).toBe('3');
  });
});
