import type { ChartRow } from '@loyalty/contract';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { formatNumber } from '../../lib/format';
import { localized } from '../../lib/localized';

/** Seconds as "4 min" or "1 min 30 s" (the median time to accept). */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const m = Math.floor(seconds / 60);
    const s = Math.round(seconds % 60);
    if (m === 0) return t('reports.accepting.seconds', { s: formatNumber(s, undefined, 0) });
    return s === 0
      ? t('reports.accepting.minutes', { m: formatNumber(m, undefined, 0) })
      : t('reports.accepting.minutesSeconds', { m: formatNumber(m, undefined, 0), s: formatNumber(s, undefined, 0) });
  };
}

/**
 * Accepting in time, per branch (issue 26): the median time to accept, the share accepted within the
 * merchant's limit, the orders canceled because nobody accepted them, and the minutes paused.
 */
export function AcceptingFigures({ rows }: { rows: ChartRow[] }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const none = t('reports.accepting.none');
  return (
    <Paper withBorder radius="md" p="md" data-testid="accepting-figures">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('reports.accepting.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map((r) => (
            <Paper
              key={r.branchId}
              bg="var(--mantine-color-default-hover)"
              p="sm"
              radius="md"
              data-testid="accepting-branch"
            >
              <Stack gap={4}>
                <Text fw={700}>
                  <Bdi>{localized(r, 'branchName')}</Bdi>
                </Text>
                <Figure
                  label={t('reports.accepting.median')}
                  value={r.medianAcceptSeconds === null ? none : duration(r.medianAcceptSeconds)}
                  testId="median-accept"
                />
                <Figure
                  label={t('reports.accepting.inTime')}
                  value={
                    r.acceptedInTimePercent === null
                      ? none
                      : t('reports.accepting.percent', { n: formatNumber(r.acceptedInTimePercent, undefined, 0) })
                  }
                  testId="accepted-in-time"
                />
                <Figure
                  label={t('reports.accepting.autoCanceled')}
                  value={formatNumber(r.autoCanceled, undefined, 0)}
                  testId="auto-canceled"
                />
                <Figure
                  label={t('reports.accepting.paused')}
                  value={t('reports.accepting.minutes', { m: formatNumber(r.pausedMinutes, undefined, 0) })}
                  testId="paused-minutes"
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        <Amount>{value}</Amount>
      </Text>
    </Group>
  );
}
