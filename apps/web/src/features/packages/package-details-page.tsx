import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /package/:id: Package details with the buy sheet (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function PackageDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.packageDetails')} />;
}
