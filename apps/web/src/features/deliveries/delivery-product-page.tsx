import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /deliveryProduct/:id: Available delivery detail with map (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function DeliveryProductPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.deliveryProduct')} />;
}
