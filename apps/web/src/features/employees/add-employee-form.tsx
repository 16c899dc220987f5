import { zodResolver } from '@hookform/resolvers/zod';
import type { EmployeeRule } from '@loyalty/contract';
import { addEmployeeBody } from '@loyalty/contract/endpoints/staff';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { useAddEmployee } from './api';
import { EmployeeBranchField, EmployeeNameAndMobileFields, EmployeeRuleField } from './employee-fields';

/** The contract's add schema with the phone split into country and number (SPEC §5: every field required). */
const schema = withPhoneRule(addEmployeeBody.omit({ mobileNum: true, ownerId: true }).extend(phoneFields), {
  required: 'required',
});
const fields = ['branchId', 'fName', 'mName', 'lName', 'password', 'rule'];

/**
 * `merchant/addEmployee`: branch, names, mobile, password and role. With `fixedRule` the role is
 * not asked (the delivery employees sheet adds couriers only).
 */
export function AddEmployeeForm({ fixedRule, onDone }: { fixedRule?: EmployeeRule; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddEmployee();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      branchId: '',
      fName: '',
      mName: '',
      lName: '',
      country: DEFAULT_COUNTRY,
      number: '',
      password: '',
      rule: fixedRule ?? '',
    },
  });
  const { errors, isDirty } = formState;

  const onSubmit = handleSubmit(({ country, number, ...v }) =>
    add.mutate(
      { ...v, mobileNum: composePhone(country, number) },
      {
        onSuccess: () => onDone?.(),
        onError: (e) => applyServerErrors(e, setError, fields, { mobileNum: 'number' }),
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t(fixedRule === 'delivery' ? 'employees.addDelivery' : 'employees.add')}
    >
      <Stack gap="sm">
        <EmployeeBranchField control={control} />
        <EmployeeNameAndMobileFields control={control} register={register} />
        <PasswordField
          label={t('employees.password')}
          autoComplete="new-password"
          required
          {...register('password')}
          error={fieldError(errors.password)}
        />
        {fixedRule ? (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('employees.rule')}
            </Text>
            <Badge variant="light">{t(`roles.${fixedRule}`)}</Badge>
          </Group>
        ) : (
          <EmployeeRuleField control={control} placeholder={t('employees.chooseRule')} />
        )}
        <Button type="submit" loading={add.isPending} disabled={!isDirty}>
          {t(fixedRule === 'delivery' ? 'employees.addDelivery' : 'employees.add')}
        </Button>
      </Stack>
    </form>
  );
}
