import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { EmployeeList } from './employee-list';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const employee = (i: number) => ({
  id: i,
  name: `Employee ${i}`,
  merchantUser: {
    id: i,
    rule: 'merchantUser',
    mobileNum: `9745500${String(i).padStart(4, '0')}`,
    isActive: true,
    fName: 'E',
    mName: 'M',
    lName: String(i),
  },
});

describe('EmployeeList', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    // 23 employees; the server answers `limit` of them
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const limit = Number((init.body as FormData).get('limit'));
      const rows = Array.from({ length: Math.min(limit, 23) }, (_, i) => employee(i + 1));
      return json({ data: { rows, count: 23 } });
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the first 10, then 10 more, then the last 3 with "Show more", and no button once all show', async () => {
    renderScreen(<EmployeeList limit={10} addLabel="Add" onAdd={() => {}} inactiveLabel="Deactive" />);
    expect(await screen.findByText('Employee 10')).toBeTruthy();
    expect(screen.queryByText('Employee 11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more (10)' }));
    expect(await screen.findByText('Employee 20')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more (3)' }));
    expect(await screen.findByText('Employee 23')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull());
  });
});
