import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /transactiondetails: Transaction details (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function TransactionDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.transactionDetails')} />;
}
