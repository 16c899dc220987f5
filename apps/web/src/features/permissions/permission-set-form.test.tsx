import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { PermissionSetForm } from './permission-set-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const saves = (fetchMock: ReturnType<typeof vi.fn>): FormData[] =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith('merchant/permissionSet/save'))
    .map(([, init]) => init.body as FormData);

describe('PermissionSetForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for a name with the contract rule, and sends nothing', async () => {
    renderScreen(<PermissionSetForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is a required field')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(saves(fetchMock)).toHaveLength(0);
  });

  it('lists the 11 permissions with labels and descriptions, and sends the chosen ones', async () => {
    fetchMock.mockResolvedValue(
      json({ data: { id: 5, name: 'Cashier', permissions: ['reject', 'walkIns'], staffCount: 0 } }),
    );
    const onDone = vi.fn();
    renderScreen(<PermissionSetForm onDone={onDone} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(11);
    expect(screen.getByText("Approve a customer's points redemption.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Cashier' } });
    fireEvent.click(screen.getByLabelText('Register walk-in customers'));
    fireEvent.click(screen.getByLabelText('Reject with a reason'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [body] = saves(fetchMock);
    expect(body?.get('name')).toBe('Cashier');
    // in the contract's order, whatever the order of the clicks
    expect(body?.getAll('permissions[]')).toEqual(['reject', 'walkIns']);
    expect(body?.has('id')).toBe(false);
  });

  it('edits a set (its id, its boxes ticked) and shows a taken name on the field', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          message: 'You already have a permission set with this name',
          errors: [{ field: 'name', message: 'You already have a permission set with this name' }],
        },
        409,
      ),
    );
    const set = { id: 9, name: 'Shift lead', permissions: ['approveRedeems' as const], staffCount: 2 };
    renderScreen(<PermissionSetForm set={set} onDone={() => {}} />);
    expect((screen.getByLabelText('Approve redeems') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Refunds') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a permission set with this name')).toBeTruthy();
    expect(saves(fetchMock)[0]?.get('id')).toBe('9');
  });
});
