/**
 * Saved cards: the calls of the server's `cards` module (docs/domain.md, cards and packages). A card is
 * never answered with its full number or CVV.
 */
import { z } from 'zod';
import { cardHolderField, cardNumberField, cvvField, expirationDateField } from '../card-rules';
import { defineEndpoints } from '../endpoint';
import { id, paging } from '../fields';

const int = z.number().int();

const m = ['merchant'] as const;

const idBody = z.object({ id: id() });

export * from '../card-rules';

/**
 * `/merchant/card/add` (SPEC §3, §5): expirationDate MM-YYYY, CVV, nameOnCard, cardNumber. The
 * number is handed to the payment gateway and forgotten (only brand, last four and the gateway's
 * token are kept); the CVV is never stored.
 */
export const addCardBody = z.object({
  nameOnCard: cardHolderField(),
  cardNumber: cardNumberField(),
  expirationDate: expirationDateField(),
  CVV: cvvField(),
});

/** A saved card: masked number, never the CVV. */
export const card = z.object({
  id: int,
  nameOnCard: z.string(),
  /** Masked: `•••• •••• •••• 4242`. */
  cardNumber: z.string(),
  brand: z.string(),
  last4: z.string(),
  expirationDate: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export type Card = z.infer<typeof card>;

export const cardsEndpoints = defineEndpoints({
  'merchant/card/add': {
    roles: m,
    scope: 'merchant',
    body: addCardBody,
    response: card,
    summary: 'Adds a card (stores holder, brand, last four, expiry and the gateway token only).',
  },
  'merchant/card/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(card), count: int }),
    summary: 'Saved cards, masked, the default first.',
  },
  'merchant/card/setDefault': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: card,
    summary: 'Makes a card the default.',
  },
  'merchant/card/delete': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Deletes a card (not the default while other cards exist).',
  },
});
