import type { OfferRequest } from '@loyalty/contract';
import { PERMISSIONS } from '@loyalty/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { RequestDetailsPage } from './request-details-page';
import { SearchPage, searchDigits } from './search-page';

const request = (over: Partial<OfferRequest> = {}): OfferRequest => ({
  id: 42,
  isAproved: false,
  isActive: true,
  status: 'pending',
  code: 'ABCD2345',
  rejectReason: null,
  rejectedAt: null,
  payWith: 'points',
  images: null,
  createdAt: '2025-10-07T10:00:00.000Z',
  updatedAt: '2025-10-07T10:00:00.000Z',
  user: { id: 3, name: 'Omar Haddad', mobile: '97466000002' },
  Branch: { id: 1, branchName: 'West Bay', branchNameAr: null, address: 'West Bay, Doha', addressAr: null },
  offerDetail: {
    id: 9,
    title: 'Two flat whites for one',
    titleAr: null,
    price: 18,
    points: 60,
    endDate: '2025-12-01',
    createdAt: '2025-10-01T10:00:00.000Z',
    images: null,
    description: 'Bring a friend: two flat whites for the price of one.',
    descriptionAr: null,
  },
  ...over,
});

const ok = (data: unknown) => new Response(JSON.stringify({ data }));
const pathOf = (call: unknown[]) => String(call[0]);
const bodyOf = (call: unknown[]) => (call[1] as RequestInit).body as FormData;

describe('requests screens', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 5 });
    // the staff member's own profile (what their permission set allows: the default set, every
    // permission) answers beside the calls each test follows
    vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
      url.endsWith('merchantUser/me') ? Promise.resolve(ok({ permissions: PERMISSIONS })) : fetchMock(url, init),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('reads the digits worth searching for', () => {
    expect(searchDigits('+974 5512-3')).toBe('97455123');
    expect(searchDigits('1234')).toBeUndefined();
    expect(searchDigits('')).toBeUndefined();
  });

  it('a request paid with points shows the points it cost, one paid with cash its price (issue 23)', async () => {
    fetchMock.mockResolvedValue(
      ok({
        rows: [request(), request({ id: 43, payWith: 'price', user: { id: 4, name: 'Sara', mobile: '974' } })],
        count: 2,
      }),
    );
    renderScreen(<SearchPage />, '/search');
    const rows = await screen.findAllByTestId('request-row');
    expect(rows[0].textContent).toContain('60 P');
    expect(rows[0].textContent).not.toContain('$18');
    expect(rows[1].textContent).toContain('$18');
  });

  it('searches by phone a second after typing stops, and shows the empty text', async () => {
    const calledAt: number[] = [];
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      calledAt.push(Date.now());
      return (init.body as FormData).get('mobile') ? ok({ rows: [], count: 0 }) : ok({ rows: [request()], count: 1 });
    });
    renderScreen(<SearchPage />, '/search');
    expect(await screen.findByText('Omar Haddad')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(pathOf(fetchMock.mock.calls[0])).toBe('/api/merchantUser/req/list');
    const typedAt = Date.now();
    fireEvent.change(screen.getByLabelText(/Customer phone number/), { target: { value: '5512 3456' } });
    expect(
      await screen.findByText("Sorry, you don't have any request in your account!", {}, { timeout: 3000 }),
    ).toBeTruthy();
    // the search waited for the typing to stop (debounce of a second) and went out once
    const searches = fetchMock.mock.calls.flatMap((c, i) => (bodyOf(c).get('mobile') ? [i] : []));
    expect(searches).toHaveLength(1);
    expect(calledAt[searches[0]] - typedAt).toBeGreaterThanOrEqual(950);
    const last = fetchMock.mock.calls[searches[0]] as unknown[];
    expect(bodyOf(last).get('mobile')).toBe('55123456');
    expect(bodyOf(last).get('limit')).toBe('10');
  });

  it('names the branch by its Arabic name in Arabic, by its English one where it has none (issue 23, point 10)', async () => {
    const branch = { id: 1, branchName: 'West Bay', address: 'West Bay, Doha', addressAr: null };
    try {
      await setLanguage('ar');
      fetchMock.mockResolvedValue(ok(request({ Branch: { ...branch, branchNameAr: 'الخليج الغربي' } })));
      renderScreen(<RequestDetailsPage />, '/request/42', '/request/:id');
      expect(await screen.findByText('الخليج الغربي')).toBeTruthy();
      expect(screen.queryByText('West Bay')).toBeNull();
    } finally {
      await setLanguage('en');
    }
    fetchMock.mockResolvedValue(ok(request({ Branch: { ...branch, branchNameAr: 'الخليج الغربي' } })));
    renderScreen(<RequestDetailsPage />, '/request/42', '/request/:id');
    expect(await screen.findByText('West Bay')).toBeTruthy();
  });

  it('shows the QR, approves a pending request and then says already approved', async () => {
    fetchMock
      .mockResolvedValueOnce(ok(request()))
      .mockResolvedValueOnce(ok(request({ isAproved: true, status: 'done', isActive: false })))
      .mockResolvedValue(ok(request({ isAproved: true, status: 'done', isActive: false })));
    renderScreen(<RequestDetailsPage />, '/request/42', '/request/:id');
    expect(await screen.findByText('Two flat whites for one')).toBeTruthy();
    expect(screen.getByTestId('request-qr').querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Already approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    const approveCall = fetchMock.mock.calls.find((c) => pathOf(c) === '/api/merchantUser/req/approve') as unknown[];
    expect(bodyOf(approveCall).get('reqId')).toBe('42');
  });

  it('approves, and the toast and the refreshed lists follow even when the screen was left first', async () => {
    let answer: ((res: Response) => void) | undefined;
    fetchMock.mockImplementation((url: string) =>
      url.endsWith('/req/approve')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(ok(request())),
    );
    const { router, client } = renderScreen(<RequestDetailsPage />, '/request/42', '/request/:id', { toasts: true });
    const pending = queryKeys.offerRequests.list({ role: 'merchantUser', status: 'pending' });
    client.setQueryData(pending, { rows: [request()], count: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(answer).toBeDefined());
    // Back before the server answers: the button (and its mutate callbacks) are gone
    await act(() => router.navigate('/requests'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    answer?.(ok(request({ isAproved: true, status: 'done', isActive: false })));
    expect(await screen.findByText('Approved successfully')).toBeTruthy();
    expect(client.getQueryState(pending)?.isInvalidated).toBe(true);
    expect(client.getQueryData(queryKeys.offerRequests.detail({ role: 'merchantUser', id: 42 }))).toMatchObject({
      isAproved: true,
    });
  });

  it('rejects with a reason: Other needs text; the reason is sent and shown', async () => {
    const rejected = request({ status: 'rejected', isActive: false, rejectReason: 'Left early', rejectedAt: 'x' });
    fetchMock.mockResolvedValueOnce(ok(request())).mockResolvedValueOnce(ok(rejected)).mockResolvedValue(ok(rejected));
    renderScreen(<RequestDetailsPage />, '/request/42', '/request/:id');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.click(await screen.findByLabelText('Other'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Give a reason for rejecting')).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => pathOf(c) === '/api/merchantUser/req/reject')).toBe(false);
    fireEvent.change(screen.getByLabelText(/Your reason/), { target: { value: 'Left early' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1) as HTMLElement);
    expect(await screen.findByTestId('rejected-reason')).toBeTruthy();
    expect(screen.getByTestId('rejected-reason').textContent).toContain('Left early');
    const call = fetchMock.mock.calls.find((c) => pathOf(c) === '/api/merchantUser/req/reject') as unknown[];
    expect(bodyOf(call).get('reason')).toBe('Left early');
    expect(bodyOf(call).get('reqId')).toBe('42');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('request details', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('a merchant calls the merchant variant, and a missing request shows the not-found state', async () => {
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 5 });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Request not found' }), { status: 404 }));
    renderScreen(<RequestDetailsPage />, '/request/999999', '/request/:id');
    expect(await screen.findByTestId('not-found-state')).toBeTruthy();
    expect(pathOf(fetchMock.mock.calls[0])).toBe('/api/merchant/req/details');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
