import { EMPLOYEE_RULES } from '@loyalty/contract/constants';
import { Select, TextInput } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BranchSelect } from '../../components/branch-select';
import { PhoneField } from '../../components/phone-field';
import { useFieldError } from '../../lib/form-errors';

/** The fields the add and update employee forms share, by name. */
interface EmployeeValues {
  branchId: unknown;
  fName: unknown;
  mName: unknown;
  lName: unknown;
  country: string;
  number: string;
  rule: unknown;
}

interface FieldsProps<T extends EmployeeValues, TTransformed extends FieldValues> {
  control: Control<T, unknown, TTransformed>;
}

/** The error react-hook-form holds for one of the fields above. */
const useEmployeeError = <T extends EmployeeValues, TTransformed extends FieldValues>(
  control: Control<T, unknown, TTransformed>,
) => {
  const fieldError = useFieldError();
  const { errors } = useFormState({ control });
  return (name: keyof EmployeeValues) => fieldError(errors[name] as FieldError | undefined);
};

/** First, middle and last name, then the mobile; all required. */
export function EmployeeNameAndMobileFields<T extends EmployeeValues, TTransformed extends FieldValues = T>({
  control,
  register,
}: FieldsProps<T, TTransformed> & { register: UseFormRegister<T> }) {
  const { t } = useTranslation();
  const error = useEmployeeError(control);
  return (
    <>
      <TextInput
        label={t('employees.fName')}
        required
        dir="auto"
        {...register('fName' as FieldPath<T>)}
        error={error('fName')}
      />
      <TextInput
        label={t('employees.mName')}
        required
        dir="auto"
        {...register('mName' as FieldPath<T>)}
        error={error('mName')}
      />
      <TextInput
        label={t('employees.lName')}
        required
        dir="auto"
        {...register('lName' as FieldPath<T>)}
        error={error('lName')}
      />
      <PhoneField control={control} register={register} label={t('employees.mobile')} />
    </>
  );
}

/** The employee's branch, required. */
export function EmployeeBranchField<T extends EmployeeValues, TTransformed extends FieldValues = T>({
  control,
}: FieldsProps<T, TTransformed>) {
  const { t } = useTranslation();
  const error = useEmployeeError(control);
  return (
    <Controller
      control={control}
      name={'branchId' as FieldPath<T>}
      render={({ field }) => (
        <BranchSelect
          label={t('employees.branch')}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error('branchId')}
          required
        />
      )}
    />
  );
}

/** The employee's role, required; `placeholder` shows a "choose" hint while none is picked. */
export function EmployeeRuleField<T extends EmployeeValues, TTransformed extends FieldValues = T>({
  control,
  placeholder,
}: FieldsProps<T, TTransformed> & { placeholder?: string }) {
  const { t } = useTranslation();
  const error = useEmployeeError(control);
  return (
    <Controller
      control={control}
      name={'rule' as FieldPath<T>}
      render={({ field }) => (
        <Select
          label={t('employees.rule')}
          placeholder={placeholder}
          data={EMPLOYEE_RULES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={(field.value as string) || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          error={error('rule')}
          allowDeselect={false}
          required
        />
      )}
    />
  );
}
