import { addOfferBody } from '@loyalty/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { OfferForm, offerSchema } from './offer-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};

const valid = {
  title: 'Two flat whites',
  titleAr: 'كوبان',
  description: 'Bring a friend: two flat whites for the price of one.',
  descriptionAr: 'أحضر صديقاً: كوبان من القهوة بسعر كوب واحد فقط اليوم.',
  price: 12.5,
  points: 60,
  availableNumberOfOffers: 10,
  startDate: '2030-01-01',
  endDate: '2030-03-31',
  branchsIds: [1],
  tagsIds: [1],
};
const messageOf = (
  values: Record<string, unknown>,
  original?: { availableNumberOfOffers: number; endDate: string },
) => {
  const r = offerSchema(original).safeParse({ ...valid, ...values });
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('offer rules', () => {
  it('refuses a negative price, none available and an offer that has already ended', () => {
    expect(messageOf({})).toBeNull();
    expect(messageOf({ price: -5 })).toEqual({ price: 'mustBePositive' });
    expect(messageOf({ availableNumberOfOffers: 0 })).toEqual({
      availableNumberOfOffers: 'atLeastOne',
    });
    expect(messageOf({ startDate: '2020-01-01', endDate: '2020-02-01' })).toEqual({
      endDate: 'endDateInPast',
    });
    // even while other fields are still wrong
    expect(messageOf({ title: '', availableNumberOfOffers: 0 })).toMatchObject({
      availableNumberOfOffers: 'atLeastOne',
    });
  });

  it('gives the form the spec messages of the shared schema', () => {
    const res = addOfferBody.safeParse({
      branchsIds: [],
      tagsIds: [],
      description: 'short',
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(res.success).toBe(false);
    const messages = Object.fromEntries((res.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      branchsIds: 'chooseBranch',
      tagsIds: 'tagsRequired',
      description: 'descriptionLength',
      title: 'required',
    });
  });

  it('lets an existing offer keep the quantity and end it has (sold out, ended)', () => {
    expect(
      messageOf(
        { availableNumberOfOffers: 0, endDate: '2020-02-01', startDate: '2020-01-01' },
        {
          availableNumberOfOffers: 0,
          endDate: '2020-02-01',
        },
      ),
    ).toBeNull();
  });
});

// a long form filled through jsdom: give a loaded machine time
describe('OfferForm', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url: string) =>
      json({
        data: {
          rows: url.includes('tag') ? [{ id: 1, name: 'Coffee' }] : [{ id: 1, branchName: 'West Bay' }],
          count: 1,
        },
      }),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    setLanguage('en');
  });

  it('keeps a typed -5 and says why it is refused; none available and past dates too', async () => {
    renderScreen(<OfferForm onDone={() => {}} />);
    type('price', '-5');
    expect(await screen.findByText('Must be zero or more')).toBeTruthy();
    expect(input('price').value).toBe('-5');
    type('availableNumberOfOffers', '0');
    expect(await screen.findByText('Must be at least 1')).toBeTruthy();
    type('startDate', '2020-01-01');
    type('endDate', '2020-02-01');
    expect(await screen.findByText('The end date has already passed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add offer' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('offer/add'))).toBe(false));
  });

  it('reads a typed date back in the language, with a hint instead of the browser mm/dd/yyyy', async () => {
    await setLanguage('ar');
    renderScreen(<OfferForm onDone={() => {}} />);
    expect(input('startDate').getAttribute('placeholder')).toBe('سنة-شهر-يوم');
    type('startDate', '2030-10-07');
    expect(await screen.findByText('07 أكتوبر 2030')).toBeTruthy();
  });
});
