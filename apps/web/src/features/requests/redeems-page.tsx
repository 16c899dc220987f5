import { LIMITS, type RedeemRequest } from '@loyalty/contract';
import { Badge, Center, Group, Pagination, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatNumber, formatPoints } from '../../lib/format';
import { useRedeemList } from './redeems-api';
import classes from './requests.module.css';
import { useRequestRole } from './use-request-role';

/** /redeems (SPEC §2): redeem requests, 10 a page, linking to /redeem/{id} with an approved / notApproved badge. */
export function RedeemsPage() {
  const { t } = useTranslation();
  const role = useRequestRole();
  const [page, setPage] = useState(1);
  const list = useRedeemList(role, page, LIMITS.pageSize);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / LIMITS.pageSize)) : 1;

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.redeems')} back="/dashboard" />
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('requests.count', { formatted: formatNumber(list.data.count) })}
        </Text>
      )}
      {list.data?.rows.length === 0 && <EmptyState text={t('requests.empty')} />}
      {list.data && list.data.rows.length > 0 && (
        <Stack gap="xs" component="ul" className={classes.list}>
          {list.data.rows.map((r) => (
            <li key={r.id}>
              <RedeemRow redeem={r} />
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`requests.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('requests.page.number', { n }) })}
          />
        </Center>
      )}
    </Stack>
  );
}

function RedeemRow({ redeem: r }: { redeem: RedeemRequest }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/redeem/${r.id}`} className={classes.rowLink} data-testid="redeem-row">
      <Paper withBorder radius="md" p="sm" className={classes.row}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {r.user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {r.Branch.branchName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(r.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" className={classes.aside}>
            <Stack gap={4} align="flex-end">
              <Text fw={700}>
                <Ltr>{formatPoints(r.amount)}</Ltr>
              </Text>
              <Badge color={r.isApproved ? 'teal' : 'orange'} variant="light">
                {r.isApproved ? t('requests.approved') : t('requests.notApproved')}
              </Badge>
            </Stack>
            <IconChevronRight size={18} className={classes.chevron} aria-hidden />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
