import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { useBranchEmployees } from './api';
import classes from './branches.module.css';

/** The branch's Employees tab: name, role, mobile, active badge; rows open the employee. */
export function BranchEmployees({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const employees = useBranchEmployees(branchId);
  const rows = employees.data?.rows ?? [];
  if (employees.isLoading) return <LoadingScreen fullHeight={false} />;
  if (rows.length === 0) return <EmptyState text={t('branches.noEmployees')} />;
  return (
    <Stack gap="xs">
      {rows.map((e) => (
        <Link
          key={e.id}
          to={e.merchantUser.rule === 'delivery' ? `/deliveryemployeelist/${e.id}` : `/employee/${e.id}`}
          className={classes.row}
        >
          <Stack gap={2} flex={1} miw={0}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {e.name}
              </Text>
              <Badge color={e.merchantUser.isActive ? 'teal' : 'red'} variant="light" size="sm">
                {e.merchantUser.isActive ? t('common.active') : t('common.deactive')}
              </Badge>
            </Group>
            <Group gap="xs" c="dimmed">
              <Text size="sm">{t(`roles.${e.merchantUser.rule}`)}</Text>
              <Text size="sm">
                <Ltr>{e.merchantUser.mobileNum}</Ltr>
              </Text>
            </Group>
          </Stack>
        </Link>
      ))}
    </Stack>
  );
}
