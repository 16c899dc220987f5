import type { Employee } from '@loyalty/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OneLine } from './bidi';
import { Phone } from './phone';
import { RowCard } from './row-card';

/**
 * A staff member or courier in a list (employees sheets, a branch's Employees tab): name, role,
 * mobile and the active badge (SPEC §2), linking to its page or opening it in place.
 */
export function EmployeeRow({
  employee: e,
  to,
  onClick,
  inactiveLabel,
}: {
  employee: Employee;
  to?: string;
  onClick?: () => void;
  /** The badge of an inactive member: 'Deactive' (default) or 'Inactive' (couriers, SPEC §2). */
  inactiveLabel?: string;
}) {
  const { t } = useTranslation();
  const u = e.merchantUser;
  return (
    <RowCard to={to} onClick={onClick} testId="employee-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <OneLine fw={600}>{e.name}</OneLine>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t(`roles.${u.rule}`)}
            </Text>
            <Text size="sm" c="dimmed">
              <Phone value={u.mobileNum} />
            </Text>
          </Group>
        </Stack>
        <Badge color={u.isActive ? 'teal' : 'red'} variant="light" flex="none">
          {u.isActive ? t('common.active') : (inactiveLabel ?? t('common.deactive'))}
        </Badge>
      </Group>
    </RowCard>
  );
}
