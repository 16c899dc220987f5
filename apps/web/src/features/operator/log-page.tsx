import { Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowList } from '../../components/row-card';
import { formatDateTime } from '../../lib/format';
import { useFilterParam } from './filters';
import { useLog } from './queries';
import { ListState } from './ui';

const PER_PAGE = 20;

/** The body of the call the entry records (JSON), as `key: value` pairs; other text as it is. */
const readable = (detail: string): string => {
  try {
    const value: unknown = JSON.parse(detail);
    if (!value || typeof value !== 'object') return detail;
    return Object.entries(value)
      .filter(([k]) => k !== 'requestId')
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' · ');
  } catch {
    return detail;
  }
};

/** /operator/log (admin): who did what, when, from where; newest first, 20 a page. */
export function LogPage() {
  const { t } = useTranslation();
  const [param, setParam] = useFilterParam('page');
  const page = Math.max(1, Number.parseInt(param, 10) || 1);
  const log = useLog(page);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PER_PAGE));
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('operator.areas.log')}
      </Title>
      <ListState query={log} isEmpty={(d) => d.rows.length === 0} empty={t('operator.log.empty')}>
        {(d) => (
          <RowList rows={d.rows}>
            {(r) => (
              <Paper withBorder radius="md" p="sm" data-testid="log-row">
                <Stack gap={2}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={700} size="sm" dir="ltr">
                      {r.action}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(r.createdAt)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Bdi>{readable(r.detail)}</Bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('operator.log.who')}: <Bdi>{r.operatorName ?? t('operator.log.system')}</Bdi>
                    {r.ip && (
                      <>
                        {' · '}
                        {t('operator.log.from')}: <Ltr>{r.ip}</Ltr>
                      </>
                    )}
                  </Text>
                </Stack>
              </Paper>
            )}
          </RowList>
        )}
      </ListState>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => setParam(p === 1 ? '' : String(p))}
            size="sm"
            getControlProps={(c) =>
              c === 'previous' || c === 'next' ? { 'aria-label': t(`operator.common.${c}`) } : {}
            }
          />
        </Group>
      )}
    </Stack>
  );
}
