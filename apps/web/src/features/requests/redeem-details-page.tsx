import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { formatCash, formatDateTime, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { DetailList } from './detail-list';
import { RequestDetailsScreen } from './request-details-screen';

/** /redeem/:id (SPEC §2): one redeem request with Approve; approving moves the points to the merchant. */
export function RedeemDetailsPage() {
  const { t } = useTranslation();
  return (
    <RequestDetailsScreen
      kind="redeem"
      title={t('screens.redeemDetails')}
      back="/redeems"
      heading={(r) => <Amount>{formatPoints(r.amount)}</Amount>}
      pendingLabel={t('requests.notApproved')}
      statusTestId="redeem-status"
    >
      {(r) => (
        <DetailList
          items={[
            [t('requests.customer'), <Bdi key="n">{r.user.name}</Bdi>],
            [t('requests.mobile'), <Phone key="m" value={r.user.mobile} call />],
            [t('requests.merchant'), <Bdi key="mn">{r.merchant.name}</Bdi>],
            [t('requests.branch'), <Bdi key="b">{localized(r.Branch, 'branchName')}</Bdi>],
            [t('requests.cashValue'), <Amount key="c">{formatCash(r.amount)}</Amount>],
            [t('requests.createdAt'), formatDateTime(r.createdAt)],
            [t('requests.updatedAt'), formatDateTime(r.updatedAt)],
          ]}
        />
      )}
    </RequestDetailsScreen>
  );
}
