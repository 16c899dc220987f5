import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { AddEmployeeForm } from './add-employee-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
/** The input labelled `label` (a select's listbox has the same label). */
const field = (label: RegExp) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;

/** Fills every field of the add form with a mobile of the chosen number. */
async function fill(mobile: string) {
  fireEvent.click(field(/^Branch/));
  fireEvent.click(await screen.findByRole('option', { name: 'West Bay' }));
  fireEvent.change(field(/^First name/), { target: { value: 'Layla' } });
  fireEvent.change(field(/^Middle name/), { target: { value: 'M' } });
  fireEvent.change(field(/^Last name/), { target: { value: 'Haddad' } });
  fireEvent.change(field(/^Mobile/), { target: { value: mobile } });
  fireEvent.change(field(/^Password/), { target: { value: 'staff-pass-1' } });
  fireEvent.click(field(/^Role/));
  fireEvent.click(await screen.findByRole('option', { name: 'Staff' }));
}

// three selects and six fields filled through jsdom: give a loaded machine time
describe('AddEmployeeForm', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('merchant/branch/list'))
        return json({ data: { rows: [{ id: 3, branchName: 'West Bay' }], count: 1 } });
      return json({ message: 'This mobile number already has an account' }, 409);
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a taken mobile (409) under the mobile field', async () => {
    renderScreen(<AddEmployeeForm />);
    await fill('5512 3456');
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('This mobile number already has an account')).toBeTruthy();
    const mobile = field(/^Mobile/);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('merchant/addEmployee'))!;
    expect((init.body as FormData).get('mobileNum')).toBe('97455123456');
  });

  it('refuses a mobile with letters in the form, without calling the server', async () => {
    renderScreen(<AddEmployeeForm />);
    await fill('55abc');
    fireEvent.blur(field(/^Mobile/));
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Invalid Phone Num')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('merchant/addEmployee'))).toBe(false),
    );
  });
});
