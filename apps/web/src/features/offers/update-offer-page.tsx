import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { useIdParam } from '../../lib/route-id';
import { useOffer } from './api';
import { OfferForm } from './offer-form';

/** /:id/update-offer: the offer form filled in; dates go out as MM/DD/YYYY. */
export function UpdateOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const offer = useOffer('merchant', id);
  const title = t('screens.updateOffer');
  const back = id === null ? '/setting?sheet=offers' : `/offer/${id}`;
  return (
    <DetailScreen id={id} query={offer} title={title} back={back}>
      {(o) => (
        <>
          <PageHeader title={title} back={back} />
          <OfferForm offer={o} onDone={() => navigate(back, { replace: true })} />
        </>
      )}
    </DetailScreen>
  );
}
