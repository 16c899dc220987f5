import type { EmployeeRule } from '@loyalty/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeRow } from '../../components/employee-row';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowList } from '../../components/row-card';
import { formatNumber } from '../../lib/format';
import { useEmployees } from './api';

export interface EmployeeListProps {
  rule?: EmployeeRule;
  limit: number;
  addLabel: string;
  onAdd: () => void;
  /** Either a row opens something in place, or it links to a page. */
  onSelect?: (id: number) => void;
  linkTo?: (id: number) => string;
  /** Badge text for an inactive member ('deactive' in the employees sheet, 'inactive' for couriers). */
  inactiveLabel: string;
}

/** Rows with name, role, mobile and the active badge; the spec's empty text; an add button. */
export function EmployeeList({
  rule,
  limit: first,
  addLabel,
  onAdd,
  onSelect,
  linkTo,
  inactiveLabel,
}: EmployeeListProps) {
  const { t } = useTranslation();
  // the first `limit` rows (SPEC §9: 10 in the employees sheet); "Show more" loads as many again
  const [limit, setLimit] = useState(first);
  const list = useEmployees({ rule, limit });
  const more = list.data ? list.data.count - list.data.rows.length : 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data &&
            t('employees.count', { shown: formatNumber(list.data.rows.length), count: formatNumber(list.data.count) })}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-opens-form>
          {addLabel}
        </Button>
      </Group>
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.data?.rows.length === 0 && <EmptyState text={t('employees.empty')} />}
      {list.data && list.data.rows.length > 0 && (
        <RowList rows={list.data.rows}>
          {(e) => (
            <EmployeeRow
              employee={e}
              to={linkTo?.(e.id)}
              onClick={linkTo ? undefined : () => onSelect?.(e.id)}
              inactiveLabel={inactiveLabel}
            />
          )}
        </RowList>
      )}
      {more > 0 && (
        <Button variant="subtle" onClick={() => setLimit((l) => l + first)} loading={list.isFetching}>
          {t('employees.showMore', { count: Math.min(more, first) })}
        </Button>
      )}
    </Stack>
  );
}
