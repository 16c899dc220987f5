/** Assigning a courier from the order's page as staff (issue 27, assignCouriers): their branch's couriers, the staff call. */
import type { ProductRequest } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { AssignCourier } from './assign-courier';

const ok = (data: unknown) => new Response(JSON.stringify({ data }));
const courier = {
  id: 21,
  name: 'Yousef Courier',
  branchId: 1,
  Branch: { id: 1, branchName: 'West Bay', branchNameAr: null },
  merchantUser: { isActive: true, rule: 'delivery', fName: 'Yousef', mName: '', lName: 'Courier' },
  permissionSetId: null,
};
const order = {
  id: 7,
  type: 'delivery',
  status: 'pending',
  isCanceled: false,
  deliveryStatus: null,
  DeliveryEmployee: null,
  Branch: {
    id: 1,
    branchName: 'West Bay',
    branchNameAr: null,
    address: 'West Bay',
    addressAr: null,
    phone: '97444000001',
  },
} as unknown as ProductRequest;

describe('assign a courier as staff', () => {
  const calls: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    calls.length = 0;
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 5 });
    vi.stubGlobal('fetch', async (url: string) => {
      const path = String(url).replace('/api/', '');
      calls.push(path);
      if (path === 'merchantUser/courier/list') return ok({ rows: [courier], count: 1 });
      if (path === 'merchantUser/product/employee/assignDelivery') return ok({ assigned: [{ ...order }] });
      return ok({ rows: [], count: 0 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists their branch's couriers and assigns through the staff call", async () => {
    renderScreen(<AssignCourier r={order} />, '/productrequest/7', '/productrequest/:id');
    await waitFor(() => expect(calls).toContain('merchantUser/courier/list'));
    expect(calls).not.toContain('merchant/user/list');
    fireEvent.click(await screen.findByPlaceholderText('Choose a delivery employee'));
    fireEvent.click(await screen.findByText(/Yousef Courier/));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls).toContain('merchantUser/product/employee/assignDelivery'));
    expect(calls).not.toContain('merchant/product/employee/assignDelivery');
  });
});
