/**
 * Every length and number limit of the contract, generated from the payload schemas (bounds.ts,
 * issue 29): the list of limits is pinned in `__snapshots__/bounds.txt`, so changing any limit or
 * its message fails here until the list is updated on purpose (`vitest -u`, reviewed in the diff);
 * and each limit is tried exactly at the edge (accepted) and one past it (refused with its message).
 * The server's own test (apps/server/test/bounds.test.ts) sends the one-past values through the
 * real server on both databases.
 */
import { describe, expect, it } from 'vitest';
import { boundsOf, describeBound, edgeCase, everyEndpoint, messagesAt } from './bounds';
import { addOfferBody, updateOfferBody } from './endpoints/offers';
import { messageText } from './messages';

const cases = everyEndpoint().flatMap((def) =>
  boundsOf(def).map((bound) => ({ def, bound, edge: edgeCase(def, bound) })),
);
const tried = cases.flatMap(({ def, edge }) =>
  edge && !edge.emptyIsAbsent ? [{ name: describeBound(edge.bound, edge), def, edge }] : [],
);

describe('the limits the contract declares (generated from its schemas)', () => {
  it('are pinned: a changed limit or message fails until bounds.txt is updated on purpose', async () => {
    const list = cases.map(({ bound, edge }) => describeBound(bound, edge));
    expect(list.length).toBeGreaterThan(400);
    await expect(`${list.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/bounds.txt');
  });

  it('each has an accepted value at its edge (else: the field refuses every fill the generator tries)', () => {
    expect(cases.filter((c) => !c.edge).map((c) => describeBound(c.bound))).toEqual([]);
  });

  it.each(tried)('$name: at the edge accepted, one past refused with its message', ({ def, edge }) => {
    const { bound, at, past } = edge;
    expect(
      messagesAt(def, { [bound.key]: at }, bound.field),
      `at the edge: ${JSON.stringify(at).slice(0, 40)}`,
    ).toEqual([]);
    expect(messagesAt(def, { [bound.key]: past }, bound.field)[0], 'one past the edge').toBe(bound.message);
  });
});

describe('the offer title (SPEC §5: title and titleAr required; contract: at most 150 characters)', () => {
  const offer = {
    title: 'Coffee',
    titleAr: 'قهوة',
    description: 'A coffee and a cake for the price of one, every day.',
    descriptionAr: 'قهوة وكعكة بسعر واحد كل يوم من أيام الأسبوع.',
    points: '10',
    availableNumberOfOffers: '5',
    price: '12.5',
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    branchsIds: '[1]',
    tagsIds: '[1]',
  };
  const bodies = [
    ['merchant/offer/add', addOfferBody, offer],
    ['merchant/offer/update', updateOfferBody, { offerId: '1' }],
  ] as const;

  for (const [path, body, base] of bodies)
    for (const field of ['title', 'titleAr'] as const)
      it(`${path}: ${field} of 150 characters is accepted, 151 refused with "Too long"`, () => {
        for (const ch of ['x', 'ع']) {
          expect(body.safeParse({ ...base, [field]: ch.repeat(150) }).success).toBe(true);
          const r = body.safeParse({ ...base, [field]: ch.repeat(151) });
          expect(r.success).toBe(false);
          expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, 'tooLong']]);
        }
        expect(messageText('tooLong', 'en')).toBe('Too long');
        expect(messageText('tooLong', 'ar')).toBe('طويل جداً');
      });
});
