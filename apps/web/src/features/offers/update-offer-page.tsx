import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useOffer } from './api';
import { OfferForm } from './offer-form';

/** /:id/update-offer: the offer form filled in; dates go out as MM/DD/YYYY. */
export function UpdateOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const offer = useOffer('merchant', id);
  return (
    <>
      <PageHeader title={t('screens.updateOffer')} back={`/offer/${id}`} />
      {offer.isLoading && <LoadingScreen fullHeight={false} />}
      {offer.data && <OfferForm offer={offer.data} onDone={() => navigate(`/offer/${id}`, { replace: true })} />}
    </>
  );
}
