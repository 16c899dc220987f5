import type { CurrencyDisplay } from '@loyalty/contract/constants';
import { cashValue, useCurrencyDisplay } from '../lib/money';
import { Amount } from './bidi';

/** The cash value of points in the merchant's display: `400 Qatar Riyal · $109.89`, or `400 Qatar Riyal`. */
export function CashValue({ points, display }: { points: number; display?: CurrencyDisplay }) {
  const chosen = useCurrencyDisplay({ enabled: display === undefined });
  const cash = cashValue(points, display ?? chosen);
  return (
    <span data-testid="cash-value">
      <Amount>{cash.riyal}</Amount>
      {cash.dollars && (
        <>
          {' · '}
          <Amount>{cash.dollars}</Amount>
        </>
      )}
    </span>
  );
}
