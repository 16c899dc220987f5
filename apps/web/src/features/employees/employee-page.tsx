import type { ApiResponse } from '@loyalty/contract';
import { Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { BottomSheet } from '../../components/bottom-sheet';
import { DetailScreen } from '../../components/detail-screen';
import { EditButton } from '../../components/edit-button';
import { PageHeader } from '../../components/page-header';
import { useIdParam } from '../../lib/route-id';
import { useEmployee } from './api';
import { UpdateEmployeeForm } from './update-employee-form';

export interface EmployeePageProps {
  /** The header's title while there is no employee to show. */
  title: string;
  /** Where the header's back button leads. */
  back: string;
  /** The page's content between the header and the update sheet. */
  children: (employee: ApiResponse<'merchant/user/details'>) => ReactNode;
}

/**
 * The page of the route's employee (`:id` is the merchantUserId): loading, not found, or a header
 * with the full name and an update button, the content and the update sheet.
 */
export function EmployeePage({ title, back, children }: EmployeePageProps) {
  const { t } = useTranslation();
  const id = useIdParam();
  const details = useEmployee(id);
  const [editing, setEditing] = useState(false);

  return (
    <DetailScreen id={id} query={details} title={title} back={back}>
      {(e) => (
        <Stack gap="md">
          <PageHeader
            title={<Bdi>{e.name}</Bdi>}
            back={back}
            actions={<EditButton onClick={() => setEditing(true)}>{t('employees.update')}</EditButton>}
          />
          {children(e)}
          <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('employees.updateTitle')}>
            <UpdateEmployeeForm key={`${e.id}-${editing}`} employee={e} onDone={() => setEditing(false)} />
          </BottomSheet>
        </Stack>
      )}
    </DetailScreen>
  );
}
