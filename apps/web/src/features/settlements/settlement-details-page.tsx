import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /settlement/:id: Settlement details (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function SettlementDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.settlementDetails')} />;
}
