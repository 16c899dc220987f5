import { useTranslation } from 'react-i18next';
import { EmployeeRow } from '../../components/employee-row';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowList } from '../../components/row-card';
import { useBranchEmployees } from './api';

/** The branch's Employees tab: name, role, mobile, active badge; rows open the employee's page. */
export function BranchEmployees({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const employees = useBranchEmployees(branchId);
  const rows = employees.data?.rows ?? [];
  if (employees.isLoading) return <LoadingScreen fullHeight={false} />;
  if (employees.isSuccess && rows.length === 0) return <EmptyState text={t('branches.noEmployees')} />;
  return (
    <RowList rows={rows}>
      {(e) => (
        <EmployeeRow
          employee={e}
          to={e.merchantUser.rule === 'delivery' ? `/deliveryemployeelist/${e.id}` : `/employee/${e.id}`}
        />
      )}
    </RowList>
  );
}
