import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BottomSheet } from '../../components/bottom-sheet';
import { EditButton } from '../../components/edit-button';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session';
import { useOffer } from './api';
import { OfferForm } from './offer-form';
import { OfferHeader } from './offer-header';
import { OfferImages } from './offer-images';
import { OfferPeople } from './offer-people';

/** /offer/:id: header, images (merchants upload up to 5), tabs Users and Requests, update sheet. */
export function OfferDetailsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const id = Number(useParams().id);
  const isMerchant = role === 'merchant';
  const offer = useOffer(isMerchant ? 'merchant' : 'merchantUser', id);
  const [editing, setEditing] = useState(false);
  const back = isMerchant ? '/setting?sheet=offers' : '/dashboard';

  if (offer.isLoading) return <LoadingScreen />;
  if (!offer.data) return <PageHeader title={t('screens.offerDetails')} back={back} />;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('screens.offerDetails')}
        back={back}
        actions={isMerchant && <EditButton onClick={() => setEditing(true)}>{t('offers.update')}</EditButton>}
      />
      <OfferHeader offer={offer.data} />
      <OfferImages offer={offer.data} canUpload={isMerchant} />
      <OfferPeople offer={offer.data} isMerchant={isMerchant} />
      {isMerchant && (
        <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('screens.updateOffer')}>
          <OfferForm offer={offer.data} onDone={() => setEditing(false)} />
        </BottomSheet>
      )}
    </Stack>
  );
}
