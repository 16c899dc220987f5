import { zodResolver } from '@hookform/resolvers/zod';
import type { PermissionSet } from '@loyalty/contract';
import { permissionSetBody } from '@loyalty/contract/endpoints/permissions';
import { PERMISSIONS } from '@loyalty/contract/permissions';
import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useSavePermissionSet } from './api';

/** The contract's body rules (name required, at most 50 characters; known permissions only), without the id. */
const schema = permissionSetBody.pick({ name: true, permissions: true });

/**
 * Adds a permission set or edits one (`set`): its name and the permissions it holds, each a
 * checkbox with its label and a line saying what it lets a staff member do.
 */
export function PermissionSetForm({ set, onDone }: { set?: PermissionSet; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSavePermissionSet();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: set?.name ?? '', permissions: set?.permissions ?? [] },
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate(
      { ...v, id: set?.id },
      { onSuccess: onDone, onError: (e) => applyServerErrors(e, setError, ['name', 'permissions']) },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={set ? t('permissions.edit') : t('permissions.add')}>
      <Stack gap="md">
        <TextInput
          label={t('permissions.name')}
          required
          dir="auto"
          maxLength={50}
          data-autofocus
          {...register('name')}
          error={fieldError(formState.errors.name)}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <Checkbox.Group
              label={t('permissions.permissionsLegend')}
              value={field.value as string[]}
              onChange={field.onChange}
              error={fieldError(formState.errors.permissions)}
            >
              <Stack gap="xs" mt="xs">
                {PERMISSIONS.map((p) => (
                  <Checkbox
                    key={p}
                    value={p}
                    label={t(`permissions.labels.${p}`)}
                    description={t(`permissions.descriptions.${p}`)}
                    data-permission={p}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Button type="submit" loading={save.isPending}>
          {t('permissions.save')}
        </Button>
      </Stack>
    </form>
  );
}
