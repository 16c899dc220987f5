/** The branch form's Arabic name (issue 23, point 10): optional on add, sent as branchNameAr; kept on update. */
import type { Branch } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { BranchForm } from './branch-form';

const saved: Branch = {
  id: 4,
  branchName: 'West Bay',
  branchNameAr: 'الخليج الغربي',
  address: 'West Bay, Doha',
  addressAr: 'الخليج الغربي، الدوحة',
  phone: '97444000001',
  lat: null,
  long: null,
  isActive: true,
  createdAt: '2025-10-07T10:00:00.000Z',
  hours: null,
  pausedUntil: null,
  pauseReason: null,
  isOpen: true,
  opensAt: null,
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sent = (fetchMock: ReturnType<typeof vi.fn>, path: string) => {
  const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith(path));
  return call ? ((call[1] as RequestInit).body as FormData) : undefined;
};

describe('BranchForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    // a new answer each call (a Response's body is read once)
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: saved })));
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('adds a branch with its Arabic name', async () => {
    const done = vi.fn();
    renderScreen(<BranchForm onDone={done} />);
    type('Branch name *', 'West Bay');
    type('Arabic branch name', 'الخليج الغربي');
    type('Phone *', '97444000001');
    type('Address *', 'West Bay, Doha');
    type('Arabic address *', 'الخليج الغربي، الدوحة');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent(fetchMock, 'merchant/addBranch')?.get('branchNameAr')).toBe('الخليج الغربي');
  });

  it('adds a branch without one (the Arabic name is optional)', async () => {
    const done = vi.fn();
    renderScreen(<BranchForm onDone={done} />);
    type('Branch name *', 'West Bay');
    type('Phone *', '97444000001');
    type('Address *', 'West Bay, Doha');
    type('Arabic address *', 'الخليج الغربي، الدوحة');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent(fetchMock, 'merchant/addBranch')?.get('branchNameAr') ?? '').toBe('');
  });

  it("shows a branch's Arabic name on update and sends a change of it", async () => {
    const done = vi.fn();
    renderScreen(<BranchForm branch={saved} onDone={done} />);
    expect((screen.getByLabelText('Arabic branch name') as HTMLInputElement).value).toBe('الخليج الغربي');
    type('Arabic branch name', 'الخليج');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const body = sent(fetchMock, 'merchant/updateBranch');
    expect(body?.get('branchNameAr')).toBe('الخليج');
    expect(body?.get('branchId')).toBe('4');
  });
});
