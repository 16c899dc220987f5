/**
 * The payment gateway (docs/domain.md, payment gateway and cards): saves a card as an opaque token and charges a token with
 * an idempotency key. Two implementations: the built-in test gateway (the default) and Stripe (when
 * STRIPE_SECRET_KEY is set). The card number and CVV pass through `saveCard` once and are never
 * stored or logged by us.
 */

export interface CardDetails {
  holder: string;
  /** 16 digits. */
  number: string;
  /** MM */
  expMonth: string;
  /** YYYY */
  expYear: string;
  cvc: string;
}

export interface SavedCard {
  /** The gateway's reference to the card, the only thing we keep to charge it later. */
  token: string;
  brand: string;
  last4: string;
}

export interface Charge {
  token: string;
  amountCents: number;
  currency: 'usd';
  /** The same key charges at most once, however often it is sent (Stripe keeps a key 24 hours). */
  idempotencyKey: string;
  /** Our reference of what is paid (`package_purchase:<attempt id>`), kept by the gateway with the charge. */
  reference: string;
  description: string;
}

/** Which charge to look up: the card charged, our reference, and no earlier than when it may have been made. */
export interface ChargeQuery {
  token: string;
  reference: string;
  since: Date;
}

export type ChargeResult = { status: 'succeeded'; chargeId: string } | { status: 'declined'; reason: string };

export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** Tokenises a card; throws CardRejectedError when the gateway refuses it. */
  saveCard(card: CardDetails): Promise<SavedCard>;
  /** Charges a saved card once per idempotency key; throws GatewayUnavailableError when the outcome is unknown. */
  charge(charge: Charge): Promise<ChargeResult>;
  /**
   * What became of a charge made with this reference: its outcome, or null when the gateway has no
   * charge for it (none was made). Throws GatewayUnavailableError when it cannot tell, or while the
   * charge is still being processed.
   */
  findCharge(query: ChargeQuery): Promise<ChargeResult | null>;
  /** Lets the gateway forget a card (best effort). */
  forgetCard(token: string): Promise<void>;
}

/** The gateway refused to save the card (a bad number, an expired card). */
export class CardRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`card rejected: ${reason}`);
    this.name = 'CardRejectedError';
  }
}

/** The gateway could not be reached or answered unexpectedly: the outcome of the call is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
