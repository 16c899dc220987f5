import type { PaymentGateway } from './payment-gateway';
import { stripeGateway } from './stripe-gateway';
import { testGateway } from './test-gateway';

export type { PaymentGateway } from './payment-gateway';

/** Stripe when a secret key is configured, else the built-in test gateway (docs/domain.md, payment gateway). */
export function paymentGatewayFrom(config: { stripeSecretKey?: string; stripeApiBase?: string }): PaymentGateway {
  return config.stripeSecretKey
    ? stripeGateway({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase })
    : testGateway();
}
