import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { AddEmployeeForm } from './add-employee-form';

/** /add-employee: the add form as a page (dashboard shortcut); afterwards the employees sheet shows. */
export function AddEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.addEmployee')} back="/dashboard" />
      <AddEmployeeForm onDone={() => navigate('/setting?sheet=employees', { replace: true })} />
    </Stack>
  );
}
