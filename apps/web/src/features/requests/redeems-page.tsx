import type { RedeemRequest } from '@loyalty/contract';
import { Badge, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { ScanButton } from '../../components/scan-button';
import { rolePath } from '../../lib/api';
import { formatDateTime, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { RequestList } from './request-list';
import { RowLink } from './row-link';

/** /redeems (SPEC §2): redeem requests, 10 a page, linking to /redeem/{id} with an approved / notApproved badge. */
export function RedeemsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.redeems')} back="/dashboard" actions={<ScanButton />} />
      <ExportButton path={rolePath('export/redeems.csv')} />
      <Tabs defaultValue="all" keepMounted={false}>
        <Tabs.List grow mb="sm">
          <Tabs.Tab value="all">{t('requests.all')}</Tabs.Tab>
          <Tabs.Tab value="pending">{t('requests.pending')}</Tabs.Tab>
          <Tabs.Tab value="rejected">{t('requests.rejected')}</Tabs.Tab>
        </Tabs.List>
        {(['all', 'pending', 'rejected'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <RequestList
              kind="redeem"
              filter={tab === 'all' ? {} : { status: tab }}
              paged
              renderRow={(r) => <RedeemRow redeem={r} />}
              emptyText={t('requests.empty')}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function RedeemRow({ redeem: r }: { redeem: RedeemRequest }) {
  const { t } = useTranslation();
  return (
    <RowLink
      to={`/redeem/${r.id}`}
      testId="redeem-row"
      title={r.user.name}
      subtitle={localized(r.Branch, 'branchName')}
      detail={
        <Text size="xs" c="dimmed">
          {formatDateTime(r.createdAt)}
        </Text>
      }
      amount={formatPoints(r.amount)}
      badge={
        <Badge color={r.isApproved ? 'teal' : r.status === 'rejected' ? 'red' : 'orange'} variant="light">
          {r.isApproved
            ? t('requests.approved')
            : r.status === 'rejected'
              ? t('reject.rejected')
              : t('requests.notApproved')}
        </Badge>
      }
    />
  );
}
