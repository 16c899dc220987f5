import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BottomSheet } from '../../components/bottom-sheet';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { OfferCard } from '../../components/offer-card';
import { PageHeader } from '../../components/page-header';
import { localized } from '../../lib/localized';
import { useOfferList } from '../../lib/queries/offers';
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
  if (rows.length === 0) return <EmptyState text={t('branches.noOffers')} />;
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
  const id = Number(useParams().id);
  const branch = useBranch(id);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('employees');
  const b = branch.data;

  if (branch.isLoading) return <LoadingScreen />;
  if (!b) return <PageHeader title={t('screens.branchDetails')} back="/setting?sheet=branches" />;

  return (
    <Stack gap="md">
      <PageHeader
        title={b.branchName}
        back="/setting?sheet=branches"
        actions={
          role === 'merchant' && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('branches.update')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md">
        <Stack gap={4}>
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {localized(b, 'address')}
            </Text>
            <BranchStatus active={b.isActive} />
          </Group>
          <Text size="sm">
            <Ltr>{b.phone}</Ltr>
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
  );
}
