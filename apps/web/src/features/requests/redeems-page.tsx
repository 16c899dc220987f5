import { LIMITS, type RedeemRequest } from '@loyalty/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatPoints } from '../../lib/format';
import { CountedList } from './counted-list';
import { useRedeemList } from './redeems-api';
import { RowLink } from './row-link';
import { useRequestRole } from './use-request-role';

/** /redeems (SPEC §2): redeem requests, 10 a page, linking to /redeem/{id} with an approved / notApproved badge. */
export function RedeemsPage() {
  const { t } = useTranslation();
  const role = useRequestRole();
  const [page, setPage] = useState(1);
  const list = useRedeemList(role, page, LIMITS.pageSize);

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.redeems')} back="/dashboard" />
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      <CountedList
        data={list.data}
        renderRow={(r) => <RedeemRow redeem={r} />}
        emptyText={t('requests.empty')}
        page={page}
        pageSize={LIMITS.pageSize}
        onPageChange={setPage}
      />
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
