import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /ticket/:id: Ticket details: information and messages (SPEC §2). A later issue builds it; until then it shows "coming soon". */
export function TicketDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.ticketDetails')} />;
}
