import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /productrequest/:id: Product request details (merchant) (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function ProductRequestDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.productRequestDetails')} />;
}
