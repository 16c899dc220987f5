import type { OfferRequest } from '@loyalty/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OneLine } from '../../components/bidi';
import { formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { RowLink } from './row-link';

/**
 * One offer request: customer name, branch address and offer price (SPEC §2; the points for one
 * paid with points), linking to
 * /request/{id}. `withBadge` adds the search screen's Active / Not Active badge (active while pending).
 */
export function RequestRow({ request: r, withBadge = false }: { request: OfferRequest; withBadge?: boolean }) {
  const { t } = useTranslation();
  return (
    <RowLink
      to={`/request/${r.id}`}
      testId="request-row"
      title={r.user.name}
      subtitle={localized(r.Branch, 'address')}
      detail={<OneLine size="sm">{localized(r.offerDetail, 'title')}</OneLine>}
      // paid with points: the points it cost, not a price nobody paid (issue 23)
      amount={r.payWith === 'points' ? formatPoints(r.offerDetail.points) : formatPrice(r.offerDetail.price)}
      badge={
        r.status === 'rejected' ? (
          <Badge color="red" variant="light" title={r.rejectReason ?? undefined}>
            {t('reject.rejected')}
          </Badge>
        ) : (
          withBadge && (
            <Badge color={r.status === 'pending' ? 'teal' : 'red'} variant="light">
              {r.status === 'pending' ? t('requests.active') : t('requests.notActive')}
            </Badge>
          )
        )
      }
    />
  );
}
