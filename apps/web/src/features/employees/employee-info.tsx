import type { Employee } from '@loyalty/contract';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { localized } from '../../lib/localized';

/** Name, mobile and, unless `short`, role, branch and status of one employee. */
export function EmployeeInfo({ employee: e, short = false }: { employee: Employee; short?: boolean }) {
  const { t } = useTranslation();
  const u = e.merchantUser;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <InfoRow label={t('employees.name')} value={<Bdi>{e.name}</Bdi>} />
        <InfoRow label={t('employees.mobile')} value={<Phone value={u.mobileNum} />} />
        {!short && (
          <>
            <InfoRow label={t('employees.rule')} value={t(`roles.${u.rule}`)} />
            <InfoRow
              label={t('employees.branch')}
              value={e.Branch ? <Bdi>{localized(e.Branch, 'branchName')}</Bdi> : t('employees.noBranch')}
            />
            <InfoRow
              label={t('employees.status')}
              value={
                <Badge color={u.isActive ? 'teal' : 'red'} variant="light">
                  {u.isActive ? t('common.active') : t('common.deactive')}
                </Badge>
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} size="sm" component="div" ta="end">
        {value}
      </Text>
    </Group>
  );
}
