/** The branch's opening hours editor (issue 26, point 2): read back, sent per day, a refused range shown on its day. */
import type { Branch } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { BranchHoursForm } from './branch-hours-form';

const saved: Branch = {
  id: 4,
  branchName: 'West Bay',
  branchNameAr: null,
  address: 'West Bay, Doha',
  addressAr: null,
  phone: '97444000001',
  lat: null,
  long: null,
  isActive: true,
  createdAt: '2025-10-07T10:00:00.000Z',
  hours: { sun: '09:00-22:00', mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, closedDates: [] },
  pausedUntil: null,
  pauseReason: null,
  isOpen: true,
  opensAt: null,
};

describe('BranchHoursForm', () => {
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

  it('shows the saved week and sends each day', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: saved })));
    renderScreen(<BranchHoursForm branch={saved} />);
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).value).toBe('09:00-22:00');
    fireEvent.change(screen.getByLabelText('Thursday'), { target: { value: '16:00-23:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hours' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const body = init.body as FormData;
    expect(body.get('thu')).toBe('16:00-23:00');
    expect(body.get('sun')).toBe('09:00-22:00');
    expect(body.get('branchId')).toBe('4');
  });

  it('with no hours set, a blank day reads as open at any time; once a day is filled, the blank ones read closed', () => {
    renderScreen(<BranchHoursForm branch={{ ...saved, hours: null }} />);
    const monday = screen.getByLabelText('Monday') as HTMLInputElement;
    expect(monday.placeholder).toBe('Open at any time');
    fireEvent.change(screen.getByLabelText('Sunday'), { target: { value: '09:00-22:00' } });
    expect(monday.placeholder).toBe('Closed');
  });

  it("shows the server's refusal of a range under its day", async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ message: 'Validation failed', errors: [{ field: 'mon', message: 'Enter the hours' }] }),
          { status: 422 },
        ),
    );
    renderScreen(<BranchHoursForm branch={saved} />);
    fireEvent.change(screen.getByLabelText('Monday'), { target: { value: '22:00-09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hours' }));
    await screen.findByText('Enter the hours');
  });
});
