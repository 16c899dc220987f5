import { zodResolver } from '@hookform/resolvers/zod';
import type { Employee } from '@loyalty/contract';
import { addEmployeeBody } from '@loyalty/contract/endpoints/staff';
import { Button, Stack, Switch } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors';
import { composePhone, phoneFields, splitPhone, withPhoneRule } from '../../lib/phone';
import { useUpdateEmployee } from './api';
import { EmployeeBranchField, EmployeeNameAndMobileFields, EmployeeRuleField } from './employee-fields';
import { DEFAULT_SET, PermissionSetField } from './permission-set-field';

/** SPEC §5: name fields and mobile required, mobile numeric; a branch must be chosen. */
const schema = withPhoneRule(
  addEmployeeBody
    .pick({ branchId: true, fName: true, mName: true, lName: true, rule: true })
    .extend({ ...phoneFields, isActive: z.boolean(), permissionSetId: z.string() }),
  { required: 'required' },
);
const fields = ['branchId', 'fName', 'mName', 'lName', 'rule', 'isActive', 'permissionSetId'];

/**
 * `merchant/employees/update`. The update button appears only once a field differs from the
 * original and a branch is chosen (SPEC §5).
 */
export function UpdateEmployeeForm({ employee, onDone }: { employee: Employee; onDone?: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateEmployee();
  const u = employee.merchantUser;
  const { register, control, handleSubmit, setError, reset, getValues, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      branchId: employee.branchId === null ? '' : String(employee.branchId),
      fName: u.fName,
      mName: u.mName,
      lName: u.lName,
      ...splitPhone(u.mobileNum),
      rule: u.rule as string,
      isActive: u.isActive,
      permissionSetId: employee.permissionSetId === null ? DEFAULT_SET : String(employee.permissionSetId),
    },
  });
  const { isDirty } = formState;
  const branchId = useWatch({ control, name: 'branchId' });
  const rule = useWatch({ control, name: 'rule' });

  const onSubmit = handleSubmit(({ country, number, permissionSetId, ...v }) =>
    update.mutate(
      {
        ...v,
        userId: employee.id,
        mobileNum: composePhone(country, number),
        // only staff members have a set (couriers are not gated)
        ...(v.rule === 'merchantUser' && { permissionSetId }),
      },
      {
        onSuccess: () => {
          reset(getValues());
          onDone?.();
        },
        onError: (e) => applyServerErrors(e, setError, fields, { mobileNum: 'number' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('employees.updateTitle')}>
      <Stack gap="sm">
        <EmployeeNameAndMobileFields control={control} register={register} />
        <EmployeeBranchField control={control} />
        <EmployeeRuleField control={control} />
        {rule === 'merchantUser' && (
          <Controller
            control={control}
            name="permissionSetId"
            render={({ field }) => (
              <PermissionSetField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        )}
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={t('employees.activeSwitch')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        {isDirty && branchId !== '' && (
          <Button type="submit" loading={update.isPending}>
            {t('employees.update')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
