import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /invoices/:id: Package invoices (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function InvoicesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.invoices')} />;
}
