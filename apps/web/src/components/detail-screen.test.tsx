import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { setLanguage } from '../lib/i18n';
import { useIdParam } from '../lib/route-id';
import { renderScreen } from '../test/render';
import { DetailScreen } from './detail-screen';

/** A detail screen whose call answers with `answer` for the route's id. */
function Offer({ answer }: { answer: (id: number) => Promise<{ title: string }> }) {
  const id = useIdParam();
  const query = useQuery({
    queryKey: ['test-offer', id],
    queryFn: () => answer(id ?? 0),
    enabled: id !== null,
    retry: false,
    meta: { showsNotFound: true },
  });
  return (
    <DetailScreen id={id} query={query} title="Offer details" back="/setting?sheet=offers">
      {(o) => <h2>{o.title}</h2>}
    </DetailScreen>
  );
}

const render = (url: string, answer: (id: number) => Promise<{ title: string }>) =>
  renderScreen(<Offer answer={answer} />, url, '/offer/:id');

describe('DetailScreen', () => {
  afterEach(() => setLanguage('en'));

  it('shows the item', async () => {
    render('/offer/7', async (id) => ({ title: `Offer ${id}` }));
    expect(await screen.findByRole('heading', { name: 'Offer 7' })).toBeTruthy();
  });

  it('shows the not-found state with a way back when the server answers 404', async () => {
    render('/offer/999999', async () => {
      throw new ApiError(404, 'Offer not found');
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByText('This item does not exist, or it is not part of your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/setting?sheet=offers');
    expect(screen.getByRole('heading', { name: 'Offer details' })).toBeTruthy();
  });

  it('shows it for an id that is not a number, without calling the server', async () => {
    let called = false;
    render('/offer/abc', async () => {
      called = true;
      return { title: 'x' };
    });
    expect(await screen.findByTestId('not-found-state')).toBeTruthy();
    expect(called).toBe(false);
  });

  it('speaks Arabic in Arabic', async () => {
    await setLanguage('ar');
    render('/offer/5', async () => {
      throw new ApiError(404, 'العرض غير موجود');
    });
    expect(await screen.findByText('غير موجود')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة' })).toBeTruthy();
  });

  it('offers to try again when the call failed otherwise', async () => {
    render('/offer/5', async () => {
      throw new ApiError(500, 'Something went wrong, please try again');
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
