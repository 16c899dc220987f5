import type Stripe from 'stripe';
import { once } from '../../lib/lazy';
import {
  CardRejectedError,
  type Charge,
  type ChargeResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from './payment-gateway';

export interface StripeOptions {
  secretKey: string;
  /** Where Stripe's API is (tests: a local fake on loopback); default https://api.stripe.com. */
  apiBase?: string;
}

/** A saved card is a Stripe customer with one attached payment method: `cus_…:pm_…`. */
const splitToken = (token: string) => {
  const [customer, paymentMethod] = token.split(':');
  return { customer, paymentMethod };
};

type StripeModule = typeof import('stripe').default;

/** Keeps what a log may hold: never a request body, never a card. */
const describe = (S: StripeModule, err: unknown) =>
  err instanceof S.errors.StripeError ? `${err.type} ${err.code ?? ''} ${err.statusCode ?? ''}`.trim() : 'error';

/**
 * The Stripe gateway, used when STRIPE_SECRET_KEY is set. Saving a card creates a customer and a
 * card payment method attached to it (Stripe must allow raw card numbers on the account: the
 * spec's API sends them); a charge is a confirmed off-session PaymentIntent in US dollars, sent
 * with the purchase's idempotency key so a retried charge is answered, not repeated.
 */
export function stripeGateway(opts: StripeOptions): PaymentGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : undefined;
  // the SDK is loaded with the first card or charge, not at start
  const sdk = once(async () => {
    const S = (await import('stripe')).default;
    const stripe = new S(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
    });
    return { S, stripe };
  });

  return {
    name: 'stripe',

    async saveCard(card) {
      const { S, stripe } = await sdk();
      let paymentMethod: Stripe.PaymentMethod;
      try {
        paymentMethod = await stripe.paymentMethods.create({
          type: 'card',
          card: {
            number: card.number,
            exp_month: Number(card.expMonth),
            exp_year: Number(card.expYear),
            cvc: card.cvc,
          },
          billing_details: { name: card.holder },
        });
      } catch (err) {
        if (err instanceof S.errors.StripeCardError || err instanceof S.errors.StripeInvalidRequestError)
          throw new CardRejectedError(err.code ?? 'card_error');
        throw new GatewayUnavailableError(`stripe: saving a card failed (${describe(S, err)})`);
      }
      try {
        const customer = await stripe.customers.create({ name: card.holder });
        await stripe.paymentMethods.attach(paymentMethod.id, { customer: customer.id });
        return {
          token: `${customer.id}:${paymentMethod.id}`,
          brand: paymentMethod.card?.brand ?? 'unknown',
          last4: paymentMethod.card?.last4 ?? card.number.slice(-4),
        };
      } catch (err) {
        if (err instanceof S.errors.StripeCardError) throw new CardRejectedError(err.code ?? 'card_error');
        throw new GatewayUnavailableError(`stripe: attaching a card failed (${describe(S, err)})`);
      }
    },

    async charge(c: Charge): Promise<ChargeResult> {
      const { S, stripe } = await sdk();
      const { customer, paymentMethod } = splitToken(c.token);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: c.amountCents,
            currency: c.currency,
            customer,
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
            description: c.description,
            metadata: { reference: c.reference },
          },
          { idempotencyKey: c.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
        if (intent.status === 'processing') throw new GatewayUnavailableError(`stripe: ${intent.id} still processing`);
        return { status: 'declined', reason: intent.status };
      } catch (err) {
        if (err instanceof GatewayUnavailableError) throw err;
        if (err instanceof S.errors.StripeCardError)
          return { status: 'declined', reason: err.decline_code ?? err.code ?? 'card_declined' };
        throw new GatewayUnavailableError(`stripe: charge failed (${describe(S, err)})`);
      }
    },

    /**
     * A PaymentIntent of the card's customer carrying our reference (`metadata.reference`), listed
     * from an hour before `since` (Stripe's list of a customer's intents is read from its primary
     * store, unlike search). Succeeded: the charge; requires_payment_method or canceled: declined;
     * anything else is still being decided.
     */
    async findCharge(q) {
      const { S, stripe } = await sdk();
      const { customer } = splitToken(q.token);
      let found: Stripe.PaymentIntent | undefined;
      try {
        const list = stripe.paymentIntents.list({
          customer,
          created: { gte: Math.floor(q.since.getTime() / 1000) - 3600 },
          limit: 100,
        });
        for await (const intent of list) {
          if (intent.metadata?.reference !== q.reference) continue;
          if (!found || intent.status === 'succeeded') found = intent;
          if (found.status === 'succeeded') break;
        }
      } catch (err) {
        throw new GatewayUnavailableError(`stripe: looking a charge up failed (${describe(S, err)})`);
      }
      if (!found) return null;
      if (found.status === 'succeeded') return { status: 'succeeded', chargeId: found.id };
      if (found.status === 'requires_payment_method' || found.status === 'canceled')
        return { status: 'declined', reason: found.last_payment_error?.decline_code ?? found.status };
      throw new GatewayUnavailableError(`stripe: ${found.id} is ${found.status}`);
    },

    async forgetCard(token) {
      const { stripe } = await sdk();
      const { paymentMethod } = splitToken(token);
      if (!paymentMethod) return;
      try {
        await stripe.paymentMethods.detach(paymentMethod);
      } catch {
        // best effort: the card is gone from our side either way
      }
    },
  };
}
