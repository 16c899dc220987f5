import { LIMITS } from '@loyalty/contract/constants';
import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { AddEmployeeForm } from './add-employee-form';
import { useEmployee } from './api';
import { EmployeeList } from './employee-list';
import { SubView } from './sub-view';
import { UpdateEmployeeForm } from './update-employee-form';

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: number };

/**
 * Settings → Employees (SPEC §2): the first 10 staff members and couriers; a click loads the
 * details and opens the update form; Add Employee opens the add form. After a save the list shows.
 */
export default function EmployeesSheet(_: SheetProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });

  if (view.kind === 'add')
    return (
      <SubView title={t('employees.add')} onBack={toList}>
        <AddEmployeeForm onDone={toList} />
      </SubView>
    );
  if (view.kind === 'edit')
    return (
      <SubView title={t('employees.updateTitle')} onBack={toList}>
        <EditEmployee id={view.id} onDone={toList} />
      </SubView>
    );
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/permission-sets" size="sm" data-testid="permission-sets-link">
        {t('employees.permissionSets')}
      </Anchor>
      <EmployeeList
        limit={LIMITS.employeesShown}
        addLabel={t('employees.add')}
        onAdd={() => setView({ kind: 'add' })}
        onSelect={(id) => setView({ kind: 'edit', id })}
        inactiveLabel={t('common.deactive')}
      />
    </Stack>
  );
}

/** Loads one employee's details, then shows the update form. */
export function EditEmployee({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const details = useEmployee(id);
  if (details.isLoading) return <LoadingScreen fullHeight={false} />;
  if (!details.data) return <Text c="dimmed">{t('employees.notFound')}</Text>;
  return (
    <>
      <Anchor component={Link} to={`/employee/${id}`} size="sm">
        {t('employees.openDetails')}
      </Anchor>
      <UpdateEmployeeForm key={details.data.id} employee={details.data} onDone={onDone} />
    </>
  );
}
