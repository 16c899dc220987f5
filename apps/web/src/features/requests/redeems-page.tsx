import type { RedeemRequest } from '@loyalty/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { ScanButton } from '../../components/scan-button';
import { rolePath } from '../../lib/api';
import { formatDateTime, formatPoints } from '../../lib/format';
import { RequestList } from './request-list';
import { RowLink } from './row-link';

/** /redeems (SPEC §2): redeem requests, 10 a page, linking to /redeem/{id} with an approved / notApproved badge. */
export function RedeemsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.redeems')} back="/dashboard" actions={<ScanButton />} />
      <ExportButton path={rolePath('export/redeems.csv')} />
      <RequestList kind="redeem" paged renderRow={(r) => <RedeemRow redeem={r} />} emptyText={t('requests.empty')} />
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
      subtitle={r.Branch.branchName}
      detail={
        <Text size="xs" c="dimmed">
          {formatDateTime(r.createdAt)}
        </Text>
      }
      amount={formatPoints(r.amount)}
      badge={
        <Badge color={r.isApproved ? 'teal' : 'orange'} variant="light">
          {r.isApproved ? t('requests.approved') : t('requests.notApproved')}
        </Badge>
      }
    />
  );
}
