import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /completeprofile: Complete the merchant profile (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function CompleteProfilePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.completeProfile')} />;
}
