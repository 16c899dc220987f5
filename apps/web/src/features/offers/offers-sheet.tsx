import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { OfferCard } from '../../components/offer-card';
import type { SheetProps } from '../../lib/menu';
import { useOfferList } from '../../lib/queries/offers';
import { useSession } from '../../lib/session';
import { OfferForm } from './offer-form';

/** The offers sheet (settings entry and footer Offer List): a grid of cards, Add offer opening the form in place. */
export default function OffersSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const offers = useOfferList(role === 'merchant' ? 'merchant' : 'merchantUser');
  const [adding, setAdding] = useState(false);
  const rows = offers.data?.rows ?? [];

  if (adding)
    return (
      <Stack gap="sm">
        <BackButton label={t('offers.backToList')} onClick={() => setAdding(false)} />
        <OfferForm onDone={() => setAdding(false)} />
      </Stack>
    );

  return (
    <Stack gap="sm">
      {role === 'merchant' && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            size="sm"
            data-opens-form
          >
            {t('offers.add')}
          </Button>
        </Group>
      )}
      {offers.isLoading && <LoadingScreen fullHeight={false} />}
      {offers.isSuccess && rows.length === 0 && <EmptyState text={t('offers.empty')} />}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {rows.map((o) => (
          <OfferCard key={o.id} offer={o} onOpen={onClose} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
