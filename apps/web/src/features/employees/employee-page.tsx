import type { ApiResponse } from '@loyalty/contract';
import { Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { UpdateEmployeeForm } from './update-employee-form';
import { useEmployeeParam } from './use-employee-param';

export interface EmployeePageProps {
  /** The header's title while the employee is not found. */
  notFoundTitle: string;
  /** Where the header's back button leads. */
  back: string;
  /** The page's content between the header and the update sheet. */
  children: (employee: ApiResponse<'merchant/user/details'>) => ReactNode;
}

/**
 * The page of the route's employee: loading, a not-found note, or a header with the full name and
 * an update button, the content and the update sheet.
 */
export function EmployeePage({ notFoundTitle, back, children }: EmployeePageProps) {
  const { t } = useTranslation();
  const details = useEmployeeParam();
  const [editing, setEditing] = useState(false);

  if (details.isLoading) return <LoadingScreen />;
  const e = details.data;
  if (!e)
    return (
      <Stack>
        <PageHeader title={notFoundTitle} back={back} />
        <Text c="dimmed">{t('employees.notFound')}</Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={e.name}
        back={back}
        actions={
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t('employees.update')}
          </Button>
        }
      />
      {children(e)}
      <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('employees.updateTitle')}>
        <UpdateEmployeeForm key={`${e.id}-${editing}`} employee={e} onDone={() => setEditing(false)} />
      </BottomSheet>
    </Stack>
  );
}
