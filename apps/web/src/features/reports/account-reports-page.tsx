import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /accountReports: Account reports: four charts per branch (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function AccountReportsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.accountReports')} />;
}
