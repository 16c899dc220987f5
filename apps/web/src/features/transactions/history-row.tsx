import type { PointsHistoryRow } from '@loyalty/contract';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { formatDateTime, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { linkOf } from './api';
import classes from './transactions.module.css';

const KNOWN_REASONS = ['offerRequest', 'redeem', 'packagePurchase', 'grant', 'productRequest', 'productRefund'];

/** One ledger row: what moved the points, who, when, ± points and the balance after; it opens what it points at. */
export function HistoryRow({ row, onOpen }: { row: PointsHistoryRow; onOpen?: () => void }) {
  const { t } = useTranslation();
  const to = linkOf(row);
  const what = KNOWN_REASONS.includes(row.reason)
    ? t(`transactions.reason.${row.reason}`)
    : row.link.type !== 'other'
      ? t(`transactions.kind.${row.link.type}`)
      : row.reason;
  const incoming = row.delta > 0;
  const body = (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Group wrap="nowrap" gap="sm" miw={0} align="flex-start">
        <span className={incoming ? classes.in : classes.out} aria-hidden>
          {incoming ? <IconArrowDownLeft size={18} /> : <IconArrowUpRight size={18} />}
        </span>
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm">
            {what}
            {row.link.id !== null && (
              <Text span c="dimmed" size="sm">
                {' '}
                <Ltr>{`#${row.link.id}`}</Ltr>
              </Text>
            )}
          </Text>
          {row.who && (
            <OneLine size="sm" c="dimmed">
              {localized(row, 'who')}
            </OneLine>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(row.createdAt)}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700} c={incoming ? 'teal.9' : 'red.9'} data-testid="history-delta">
          <Amount>{formatPoints(row.delta, undefined, { signed: true })}</Amount>
        </Text>
        <Text size="xs" c="dimmed">
          {t('transactions.balanceAfter')} <Amount>{formatPoints(row.balanceAfter)}</Amount>
        </Text>
      </Stack>
    </Group>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} onClick={onOpen} className={classes.row} data-testid="history-row">
      {body}
    </UnstyledButton>
  ) : (
    <div className={classes.row} data-testid="history-row">
      {body}
    </div>
  );
}
