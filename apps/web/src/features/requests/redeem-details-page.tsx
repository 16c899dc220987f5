import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatCash, formatDateTime, formatPoints } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DetailList } from './detail-list';
import { useApproveRedeem, useRedeemDetail } from './redeems-api';
import { idParam, useRequestRole } from './use-request-role';

/** /redeem/:id (SPEC §2): one redeem request with Approve; approving moves the points to the merchant. */
export function RedeemDetailsPage() {
  const { t } = useTranslation();
  const role = useRequestRole();
  const id = idParam(useParams().id);
  const details = useRedeemDetail(role, id);
  const approve = useApproveRedeem(role);

  if (details.isLoading) return <LoadingScreen />;
  const r = details.data;
  if (!r)
    return (
      <Stack>
        <PageHeader title={t('screens.redeemDetails')} back="/redeems" />
        <Text c="dimmed">{t('msg.requestNotFound')}</Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.redeemDetails')} back="/redeems" />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h3">
              <Ltr>{formatPoints(r.amount)}</Ltr>
            </Title>
            <Badge color={r.isApproved ? 'teal' : 'orange'} variant="light" data-testid="redeem-status">
              {r.isApproved ? t('requests.approved') : t('requests.notApproved')}
            </Badge>
          </Group>
          <DetailList
            items={[
              [t('requests.customer'), r.user.name],
              [t('requests.mobile'), <Ltr key="m">{r.user.mobile}</Ltr>],
              [t('requests.merchant'), r.merchant.name],
              [t('requests.branch'), r.Branch.branchName],
              [
                t('requests.cashValue'),
                <span key="c">
                  <Ltr>{formatCash(r.amount)}</Ltr> {t('common.qatarRiyal')}
                </span>,
              ],
              [t('requests.createdAt'), formatDateTime(r.createdAt)],
              [t('requests.updatedAt'), formatDateTime(r.updatedAt)],
            ]}
          />
        </Stack>
      </Paper>
      {r.isApproved ? (
        <Alert color="teal" icon={<IconCircleCheck />} data-testid="already-approved">
          {t('requests.alreadyApproved')}
        </Alert>
      ) : (
        <Button
          loading={approve.isPending}
          onClick={() => approve.mutate(r.id, { onSuccess: () => toast.success('approvedSuccessfully') })}
        >
          {t('requests.approve')}
        </Button>
      )}
    </Stack>
  );
}
