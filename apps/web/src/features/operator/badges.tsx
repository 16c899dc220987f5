import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MerchantStatus, SettlementStatus } from './types';

const MERCHANT_COLOR: Record<MerchantStatus, string> = { pending: 'yellow', approved: 'teal', suspended: 'red' };
const SETTLEMENT_COLOR: Record<SettlementStatus, string> = { initial: 'gray', pending: 'yellow', paid: 'teal' };

export function MerchantStatusBadge({ status }: { status: MerchantStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={MERCHANT_COLOR[status]} data-testid="merchant-status">
      {t(`operator.merchants.statuses.${status}`)}
    </Badge>
  );
}

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={SETTLEMENT_COLOR[status]} data-testid="settlement-status">
      {t(`operator.settlements.statuses.${status}`)}
    </Badge>
  );
}
