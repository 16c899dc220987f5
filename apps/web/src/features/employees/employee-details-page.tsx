import { Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { EmployeeInfo } from './employee-info';
import { UpdateEmployeeForm } from './update-employee-form';
import { useEmployeeParam } from './use-employee-param';

/** /employee/:id: one employee's details with the update sheet. */
export function EmployeeDetailsPage() {
  const { t } = useTranslation();
  const details = useEmployeeParam();
  const [editing, setEditing] = useState(false);

  if (details.isLoading) return <LoadingScreen />;
  const e = details.data;
  if (!e)
    return (
      <Stack>
        <PageHeader title={t('screens.employeeDetails')} back="/setting?sheet=employees" />
        <Text c="dimmed">{t('employees.notFound')}</Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={e.name}
        back="/setting?sheet=employees"
        actions={
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t('employees.update')}
          </Button>
        }
      />
      <EmployeeInfo employee={e} />
      <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('employees.updateTitle')}>
        <UpdateEmployeeForm key={`${e.id}-${editing}`} employee={e} onDone={() => setEditing(false)} />
      </BottomSheet>
    </Stack>
  );
}
