import { LIMITS } from '@loyalty/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetProps } from '../../lib/menu';
import { AddEmployeeForm } from './add-employee-form';
import { EmployeeList } from './employee-list';
import { SubView } from './sub-view';

/**
 * Settings → Delivery employees (SPEC §2): every courier with full name, role, phone and an
 * active or inactive badge, each linking to its page; the add form has the rule fixed to delivery.
 */
export default function DeliveryEmployeesSheet(_: SheetProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);

  if (adding)
    return (
      <SubView title={t('employees.addDelivery')} onBack={() => setAdding(false)}>
        <AddEmployeeForm fixedRule="delivery" onDone={() => setAdding(false)} />
      </SubView>
    );
  return (
    <EmployeeList
      rule="delivery"
      limit={LIMITS.listLimit}
      addLabel={t('employees.addDelivery')}
      onAdd={() => setAdding(true)}
      linkTo={(id) => `/deliveryemployeelist/${id}`}
      inactiveLabel={t('employees.inactive')}
    />
  );
}
