import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { OfferForm } from './offer-form';

/** /add-offer: the offer form; afterwards the new offer opens. */
export function AddOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('screens.addOffer')} back="/setting?sheet=offers" />
      <OfferForm onDone={(o) => navigate(`/offer/${o.id}`, { replace: true })} />
    </>
  );
}
