import type { PaymentGateway } from './payment-gateway';
import { stripeGateway } from './stripe-gateway';
import { testGateway } from './test-gateway';

export type { PaymentGateway } from './payment-gateway';

/**
 * Stripe when a secret key is configured (unless PAYMENTS=test asks for the test gateway by name),
 * else the built-in test gateway (docs/domain.md, payment gateway).
 */
export function paymentGatewayFrom(config: {
  payments?: 'stripe' | 'test';
  stripeSecretKey?: string;
  stripeApiBase?: string;
}): PaymentGateway {
  return config.stripeSecretKey && config.payments !== 'test'
    ? stripeGateway({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase })
    : testGateway();
}
