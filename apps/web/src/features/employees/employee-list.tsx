import type { Employee, EmployeeRule } from '@loyalty/contract';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { formatNumber } from '../../lib/format';
import { useEmployees } from './api';
import classes from './employees.module.css';

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
export function EmployeeList({ rule, limit, addLabel, onAdd, onSelect, linkTo, inactiveLabel }: EmployeeListProps) {
  const { t } = useTranslation();
  const list = useEmployees({ rule, limit });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data &&
            t('employees.count', { shown: formatNumber(list.data.rows.length), count: formatNumber(list.data.count) })}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.data?.rows.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {t('employees.empty')}
        </Text>
      )}
      {list.data && list.data.rows.length > 0 && (
        <Stack gap="xs" component="ul" className={classes.list}>
          {list.data.rows.map((e) => (
            <li key={e.id}>
              <Row employee={e} onSelect={onSelect} linkTo={linkTo} inactiveLabel={inactiveLabel} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Row({
  employee: e,
  onSelect,
  linkTo,
  inactiveLabel,
}: { employee: Employee; inactiveLabel: string } & Pick<EmployeeListProps, 'onSelect' | 'linkTo'>) {
  const { t } = useTranslation();
  const content = (
    <Paper withBorder radius="md" p="sm" className={classes.row}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {e.name}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t(`roles.${e.merchantUser.rule}`)}
            </Text>
            <Text size="sm" c="dimmed">
              <Ltr>{e.merchantUser.mobileNum}</Ltr>
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge color={e.merchantUser.isActive ? 'teal' : 'red'} variant="light">
            {e.merchantUser.isActive ? t('common.active') : inactiveLabel}
          </Badge>
          <IconChevronRight size={18} className={classes.chevron} aria-hidden />
        </Group>
      </Group>
    </Paper>
  );
  if (linkTo)
    return (
      <UnstyledButton component={Link} to={linkTo(e.id)} className={classes.rowButton}>
        {content}
      </UnstyledButton>
    );
  return (
    <UnstyledButton onClick={() => onSelect?.(e.id)} className={classes.rowButton}>
      {content}
    </UnstyledButton>
  );
}
