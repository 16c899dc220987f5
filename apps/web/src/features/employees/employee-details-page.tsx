import { useTranslation } from 'react-i18next';
import { EmployeeInfo } from './employee-info';
import { EmployeePage } from './employee-page';

/** /employee/:id: one employee's details with the update sheet. */
export function EmployeeDetailsPage() {
  const { t } = useTranslation();
  return (
    <EmployeePage title={t('screens.employeeDetails')} back="/setting?sheet=employees">
      {(e) => <EmployeeInfo employee={e} />}
    </EmployeePage>
  );
}
