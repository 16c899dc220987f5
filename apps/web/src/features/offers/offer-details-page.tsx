import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { DetailScreen } from '../../components/detail-screen';
import { EditButton } from '../../components/edit-button';
import { PageHeader } from '../../components/page-header';
import { useIdParam } from '../../lib/route-id';
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
  const id = useIdParam();
  const isMerchant = role === 'merchant';
  const offer = useOffer(isMerchant ? 'merchant' : 'merchantUser', id);
  const [editing, setEditing] = useState(false);
  const title = t('screens.offerDetails');
  const back = isMerchant ? '/setting?sheet=offers' : '/dashboard';

  return (
    <DetailScreen id={id} query={offer} title={title} back={back}>
      {(o) => (
        <Stack gap="md">
          <PageHeader
            title={title}
            back={back}
            actions={isMerchant && <EditButton onClick={() => setEditing(true)}>{t('offers.update')}</EditButton>}
          />
          <OfferHeader offer={o} />
          <OfferImages offer={o} canUpload={isMerchant} />
          <OfferPeople offer={o} isMerchant={isMerchant} />
          {isMerchant && (
            <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('screens.updateOffer')}>
              <OfferForm offer={o} onDone={() => setEditing(false)} />
            </BottomSheet>
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}
