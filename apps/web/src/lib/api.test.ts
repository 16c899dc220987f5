import { LIMITS, STORAGE_KEYS } from '@loyalty/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, holdAnswersUntil, imageUrl, rolePath, setUnauthorizedHandler, toFormData } from './api';
import { earlyCallsOf, merchantHomeCalls } from './first-screen-calls';
import { clearStorage, getSession, saveSession } from './session';

const entries = (form: FormData) =>
  [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]);

describe('toFormData', () => {
  it('sends scalars as strings and leaves out undefined and null', () => {
    const form = toFormData({ name: 'Cafe', price: 12.5, isLive: true, points: 0, note: undefined, logo: null });
    expect(entries(form)).toEqual([
      ['name', 'Cafe'],
      ['price', '12.5'],
      ['isLive', 'true'],
      ['points', '0'],
    ]);
  });

  it('sends arrays as repeated key[] parts', () => {
    const form = toFormData({ ids: [1, 2, 3] });
    expect(form.getAll('ids[]')).toEqual(['1', '2', '3']);
    expect(form.has('ids')).toBe(false);
  });

  it('sends branchsIds, tagsIds and productRequestIds as one JSON string', () => {
    const form = toFormData({ branchsIds: [1, 2], tagsIds: [7], productRequestIds: [] });
    expect(form.get('branchsIds')).toBe('[1,2]');
    expect(form.get('tagsIds')).toBe('[7]');
    expect(form.get('productRequestIds')).toBe('[]');
    expect(form.has('branchsIds[]')).toBe(false);
  });

  it('adds the token and the files', () => {
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    const form = toFormData({ offerId: 4 }, 'secret', { image1: image, image2: undefined });
    expect(entries(form)).toEqual([
      ['offerId', '4'],
      ['image1', 'file:a.png'],
      ['token', 'secret'],
    ]);
  });
});

describe('imageUrl', () => {
  it('serves stored paths from the same host', () => {
    expect(imageUrl('/uploads/abc.webp')).toBe('/uploads/abc.webp');
    expect(imageUrl('uploads/abc.webp')).toBe('/uploads/abc.webp');
    expect(imageUrl(null)).toBeUndefined();
    expect(imageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });
});

describe('api.call', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage(); // also resets the cached session snapshot
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  const reply = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

  it('posts to /api/<path> with the token, the language and returns data', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'ar');
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 9 });
    reply(200, { data: { isLive: true } });
    await expect(api.call('merchant/goLive', { isLive: true })).resolves.toEqual({ isLive: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/merchant/goLive');
    expect(init.method).toBe('POST');
    expect(init.headers['Accept-Language']).toBe('ar');
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect((init.body as FormData).get('token')).toBe('tok');
    expect((init.body as FormData).get('isLive')).toBe('true');
  });

  it('sends at once while answers are held, and answers once they are released', async () => {
    let release: () => void = () => {};
    holdAnswersUntil(new Promise((resolve) => (release = resolve)));
    reply(200, { data: { isLive: true } });
    let answered = false;
    const answer = api.call('merchant/goLive', { isLive: true }).then((data) => {
      answered = true;
      return data;
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    await expect(answer).resolves.toEqual({ isLive: true });
    // released for good: the next answer does not wait
    reply(200, { data: { isLive: false } });
    await expect(api.call('merchant/goLive', { isLive: false })).resolves.toEqual({ isLive: false });
  });

  it('throws the server message and the field errors of a 422', async () => {
    reply(422, { message: 'Please check', errors: [{ field: 'mobile', message: 'Invalid Phone Num' }] });
    const error = await api.call('merchant/login', { username: '1', password: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Please check',
      errors: [{ field: 'mobile', message: 'Invalid Phone Num' }],
    });
  });

  it('treats a non-200 success (goLive 201) as an error', async () => {
    reply(201, { message: 'Not approved yet' });
    await expect(api.call('merchant/goLive', { isLive: true })).rejects.toMatchObject({ message: 'Not approved yet' });
  });

  it('clears the session but keeps the language on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    localStorage.setItem(STORAGE_KEYS.language, 'ar');
    saveSession({ token: 'old', rule: 'merchant', isAproved: true, id: 9 });
    reply(401, { message: 'Your session has ended' });
    await expect(api.call('merchant/me', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  it('does not log out on a failed login (no token was sent)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    reply(401, { message: 'Enter valid mobile number and password' });
    await expect(api.call('merchant/login', { username: '97455123456', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      message: 'Enter valid mobile number and password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('callAs picks merchant/… or merchantUser/… by the signed-in role', async () => {
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 9 });
    reply(200, { data: { rows: [], count: 0 } });
    await api.callAs('req/list', { status: 'pending', pageNum: 1, limit: 10 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/merchant/req/list');
    saveSession({ token: 'tok2', rule: 'merchantUser', isAproved: true, id: 4 });
    reply(200, { data: { rows: [], count: 0 } });
    await api.callAs('req/list', { status: 'pending', pageNum: 1, limit: 10 });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/merchantUser/req/list');
    expect((fetchMock.mock.calls[1][1].body as FormData).get('status')).toBe('pending');
    expect(rolePath('product/details', 'delivery')).toBe('merchantUser/product/details');
  });

  it("answers a call the page's head script already sent, once, for the same session only", async () => {
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 9 });
    const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ data }), { status: 200 }));
    const [list, me] = earlyCallsOf([merchantHomeCalls(LIMITS).toAccept, merchantHomeCalls(LIMITS).me]);
    Object.assign(document, {
      firstScreenCalls: {
        [list.key]: { token: 'tok', answer: answer({ productRequests: { rows: ['early'], count: 1 } }) },
        [me.key]: { token: 'another session', answer: answer({ name: 'someone else' }) },
      },
    });
    try {
      // the same fields in another order: the same call
      const body = { pageNum: 1, limit: 5, toAccept: true };
      await expect(api.call('merchant/product/req/list', body)).resolves.toEqual({
        productRequests: { rows: ['early'], count: 1 },
      });
      expect(fetchMock).not.toHaveBeenCalled();
      // taken once: the next asks the server
      reply(200, { data: { productRequests: { rows: [], count: 0 } } });
      await api.call('merchant/product/req/list', body);
      // another list, and an answer sent with another token: asked anew
      reply(200, { data: { productRequests: { rows: [], count: 0 } } });
      await api.call('merchant/product/req/list', { ...body, toAccept: false });
      reply(200, { data: { name: 'mine' } });
      await expect(api.call('merchant/me', {})).resolves.toEqual({ name: 'mine' });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      Reflect.deleteProperty(document, 'firstScreenCalls');
    }
  });

  it('turns a network failure into a readable error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call('merchant/me', {})).rejects.toMatchObject({
      status: 0,
      message: 'The server cannot be reached. Check your connection and try again.',
    });
  });
});
