import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { formatDateTime, formatPoints } from '../../lib/format';
import type { LedgerRow } from './types';

/** A balance's movements, newest first: points (signed), the reason, when. */
export function Ledger({ rows }: { rows: readonly LedgerRow[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        {t('operator.common.ledger')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('operator.common.noLedger')}
        </Text>
      ) : (
        <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="ledger">
          {rows.map((r) => (
            <Group key={r.id} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Bdi>{t(`operator.common.reasons.${r.reason}`, { defaultValue: r.reason })}</Bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.createdAt)}
                </Text>
              </Stack>
              <Text size="sm" fw={700} c={r.points < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
                <Bdi>{formatPoints(r.points, undefined, { signed: true })}</Bdi>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
