import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /availableDeliveries: Available deliveries (tabs Pending and InProgress) (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function AvailableDeliveriesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.availableDeliveries')} />;
}
