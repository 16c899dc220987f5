import type { Employee } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { UpdateEmployeeForm } from './update-employee-form';

const employee = (branchId: number | null): Employee => ({
  id: 7,
  name: 'Huda S Ali',
  branchId,
  Branch: branchId ? { id: branchId, branchName: 'Main', branchNameAr: null } : null,
  merchantUser: {
    id: 7,
    rule: 'merchantUser',
    mobileNum: '97455123456',
    isActive: true,
    fName: 'Huda',
    mName: 'S',
    lName: 'Ali',
  },
  permissionSetId: null,
});

const json = (data: unknown) => new Response(JSON.stringify({ data }));
const updateButton = () => screen.queryByRole('button', { name: 'Update' });

describe('UpdateEmployeeForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url: string, init: { body: FormData }) => {
      if (url.endsWith('merchant/branch/list'))
        return json({
          rows: [
            { id: 3, branchName: 'Main' },
            { id: 4, branchName: 'Second' },
          ],
          count: 2,
        });
      const body = Object.fromEntries(init.body.entries());
      return json({ ...employee(3), merchantUser: { ...employee(3).merchantUser, fName: body.fName } });
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the update button only once a field differs, and sends every field', async () => {
    renderScreen(<UpdateEmployeeForm employee={employee(3)} />);
    const first = screen.getByLabelText(/^First name/) as HTMLInputElement;
    expect(first.value).toBe('Huda');
    expect(updateButton()).toBeNull();
    fireEvent.change(first, { target: { value: 'Hoda' } });
    await waitFor(() => expect(updateButton()).not.toBeNull());
    // back to the original: nothing differs any more
    fireEvent.change(first, { target: { value: 'Huda' } });
    await waitFor(() => expect(updateButton()).toBeNull());
    fireEvent.change(first, { target: { value: 'Hoda' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('merchant/employees/update'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('merchant/employees/update'))!;
    expect(Object.fromEntries((init.body as FormData).entries())).toMatchObject({
      userId: '7',
      fName: 'Hoda',
      mName: 'S',
      lName: 'Ali',
      mobileNum: '97455123456',
      branchId: '3',
      rule: 'merchantUser',
      isActive: 'true',
    });
  });

  it('keeps the button hidden while no branch is chosen, and asks for the required fields', async () => {
    renderScreen(<UpdateEmployeeForm employee={employee(null)} />);
    const last = screen.getByLabelText(/^Last name/) as HTMLInputElement;
    fireEvent.change(last, { target: { value: '' } });
    fireEvent.blur(last);
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(updateButton()).toBeNull();
  });
});
