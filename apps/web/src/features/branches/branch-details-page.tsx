import { Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { BottomSheet } from '../../components/bottom-sheet';
import { DetailScreen } from '../../components/detail-screen';
import { EditButton } from '../../components/edit-button';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { OfferCard } from '../../components/offer-card';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { localized } from '../../lib/localized';
import { useOfferList } from '../../lib/queries/offers';
import { useIdParam } from '../../lib/route-id';
import { useSession } from '../../lib/session';
import { useBranch } from './api';
import { BranchEmployees } from './branch-employees';
import { BranchForm } from './branch-form';
import { BranchStatus } from './branch-status';

function BranchOffers({ branchId, enabled }: { branchId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const offers = useOfferList('merchant', { branchId, enabled });
  const rows = offers.data?.rows ?? [];
  if (offers.isLoading) return <LoadingScreen fullHeight={false} />;
  if (offers.isSuccess && rows.length === 0) return <EmptyState text={t('branches.noOffers')} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      {rows.map((o) => (
        <OfferCard key={o.id} offer={o} />
      ))}
    </SimpleGrid>
  );
}

/** /branch/:id: the branch, tabs Employees and Offers (offers load for merchants only), and the update sheet. */
export function BranchDetailsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const id = useIdParam();
  const branch = useBranch(id);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('employees');
  const back = '/setting?sheet=branches';

  return (
    <DetailScreen id={id} query={branch} title={t('screens.branchDetails')} back={back}>
      {(b) => (
        <Stack gap="md">
          <PageHeader
            title={<Bdi>{localized(b, 'branchName')}</Bdi>}
            back={back}
            actions={
              role === 'merchant' && <EditButton onClick={() => setEditing(true)}>{t('branches.update')}</EditButton>
            }
          />
          <Card withBorder radius="md">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text c="dimmed" size="sm" miw={0}>
                  <Bdi>{localized(b, 'address')}</Bdi>
                </Text>
                <BranchStatus active={b.isActive} />
              </Group>
              <Text size="sm">
                <Phone value={b.phone} />
              </Text>
              {b.lat !== null && b.long !== null && (
                <Text size="xs" c="dimmed">
                  <Ltr>
                    {b.lat}, {b.long}
                  </Ltr>
                </Text>
              )}
            </Stack>
          </Card>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="employees">{t('branches.employees')}</Tabs.Tab>
              <Tabs.Tab value="offers">{t('branches.offers')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="employees" pt="md">
              <BranchEmployees branchId={b.id} />
            </Tabs.Panel>
            <Tabs.Panel value="offers" pt="md">
              <BranchOffers branchId={b.id} enabled={role === 'merchant'} />
            </Tabs.Panel>
          </Tabs>
          <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('screens.updateBranch')}>
            <BranchForm branch={b} onDone={() => setEditing(false)} />
          </BottomSheet>
        </Stack>
      )}
    </DetailScreen>
  );
}
