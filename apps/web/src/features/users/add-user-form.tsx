import { zodResolver } from '@hookform/resolvers/zod';
import { userSignupBody } from '@loyalty/contract/endpoints/customer';
import { id } from '@loyalty/contract/fields';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BranchSelect } from '../../components/branch-select';
import { PhoneField } from '../../components/phone-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { useAddUser } from './api';

/** SPEC §5: name and mobile required; on the create-user page a merchant also chooses the branch. */
const base = userSignupBody.pick({ name: true }).extend(phoneFields);
const withBranch = withPhoneRule(base.extend({ branchId: id('chooseBranch') }), { required: 'required' });
const withoutBranch = withPhoneRule(base.extend({ branchId: z.unknown().optional() }), { required: 'required' });

export type BranchChoice =
  /** no branch (the settings sheet) */
  | { kind: 'none' }
  /** a merchant picks one of its branches */
  | { kind: 'pick' }
  /** a staff member registers at their own branch, shown read-only */
  | { kind: 'fixed'; branchName: string };

/** Registers a walk-in customer; the server sends them a one-time code by SMS, to change at first sign-in. */
export function AddUserForm({ branch, onDone }: { branch: BranchChoice; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddUser();
  const { register, control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(branch.kind === 'pick' ? withBranch : withoutBranch),
    mode: 'onTouched',
    defaultValues: { name: '', country: DEFAULT_COUNTRY, number: '', branchId: '' as unknown },
  });
  const { errors, isDirty } = formState;

  const onSubmit = handleSubmit(({ name, country, number, branchId }) =>
    add.mutate(
      { name, mobile: composePhone(country, number), branchId: branch.kind === 'pick' ? Number(branchId) : undefined },
      {
        onSuccess: () => {
          reset();
          onDone?.();
        },
        // a mobile with an account already shows on the mobile field (and in the toast)
        onError: (e) => applyServerErrors(e, setError, ['name', 'branchId'], { mobile: 'number' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('users.submit')}>
      <Stack gap="sm">
        <TextInput label={t('users.name')} required dir="auto" {...register('name')} error={fieldError(errors.name)} />
        <PhoneField control={control} register={register} label={t('users.mobile')} />
        {branch.kind === 'pick' && (
          <Controller
            control={control}
            name="branchId"
            render={({ field }) => (
              <BranchSelect
                label={t('users.branch')}
                value={field.value as string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(errors.branchId as { message?: string } | undefined)}
                required
              />
            )}
          />
        )}
        {branch.kind === 'fixed' && <TextInput label={t('users.branch')} value={branch.branchName} readOnly />}
        <Alert variant="light" icon={<IconInfoCircle size={18} />} p="xs">
          {t('users.oneTimeCode')}
        </Alert>
        <Button type="submit" loading={add.isPending} disabled={!isDirty}>
          {t('users.submit')}
        </Button>
      </Stack>
    </form>
  );
}
