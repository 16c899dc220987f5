import { Alert, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconX } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { toast } from '../../lib/toast';
import { useApproveRequest, useRequestDetails } from './api';
import { DetailList } from './detail-list';
import classes from './requests.module.css';
import { idParam, useRequestRole } from './use-request-role';

/**
 * /request/:id (SPEC §2): the request, a QR code of its id, Approve and Reject while it is not
 * approved (rejecting has no action in the spec: it says so), "already approved" once approved.
 */
export function RequestDetailsPage() {
  const { t } = useTranslation();
  const role = useRequestRole();
  const id = idParam(useParams().id);
  const details = useRequestDetails(role, id);
  const approve = useApproveRequest(role);

  if (details.isLoading) return <LoadingScreen />;
  const r = details.data;
  if (!r)
    return (
      <Stack>
        <PageHeader title={t('screens.requestDetails')} back="/search" />
        <Text c="dimmed">{t('msg.requestNotFound')}</Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.requestDetails')} back="/search" />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4">
              {localized(r.offerDetail, 'title')}
            </Title>
            <Badge color={r.isAproved ? 'teal' : 'orange'} variant="light" data-testid="request-status">
              {r.isAproved ? t('requests.approved') : t('requests.pending')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {localized(r.offerDetail, 'description')}
          </Text>
          <DetailList
            items={[
              [t('requests.customer'), r.user.name],
              [t('requests.mobile'), <Ltr key="m">{r.user.mobile}</Ltr>],
              [t('requests.branch'), r.Branch.branchName],
              [t('requests.address'), localized(r.Branch, 'address')],
              [t('requests.price'), <Ltr key="p">{formatPrice(r.offerDetail.price)}</Ltr>],
              [t('requests.points'), <Ltr key="pt">{formatPoints(r.offerDetail.points)}</Ltr>],
              [t('requests.payWith'), t(`requests.payWithValue.${r.payWith}`)],
              [t('requests.code'), <Ltr key="c">{r.code}</Ltr>],
              [t('requests.createdAt'), formatDateTime(r.createdAt)],
            ]}
          />
        </Stack>
      </Paper>
      <Center>
        <Stack align="center" gap={4}>
          <div className={classes.qr} data-testid="request-qr">
            <QRCodeSVG value={String(r.id)} size={168} title={t('requests.qrTitle', { id: r.id })} />
          </div>
          <Text size="xs" c="dimmed">
            {t('requests.qrCaption')} <Ltr>#{r.id}</Ltr>
          </Text>
        </Stack>
      </Center>
      {r.isAproved ? (
        <Alert color="teal" icon={<IconCircleCheck />} data-testid="already-approved">
          {t('requests.alreadyApproved')}
        </Alert>
      ) : (
        <Group grow>
          <Button
            loading={approve.isPending}
            onClick={() => approve.mutate(r.id, { onSuccess: () => toast.success('approvedSuccessfully') })}
          >
            {t('requests.approve')}
          </Button>
          <Button
            variant="outline"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => toast.info('requests.rejectUnavailable')}
          >
            {t('requests.reject')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
