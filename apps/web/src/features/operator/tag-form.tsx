import { zodResolver } from '@hookform/resolvers/zod';
import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useSaveTag } from './mutations';
import type { TagRow } from './types';

const schema = z.object({ name: operatorEndpoints['admin/tag/add'].body.shape.name });
type Form = z.input<typeof schema>;

/** Add a tag, or rename one (a taken name shows under the field, from the server's 409). */
export function TagForm({ tag, onDone }: { tag: TagRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveTag(tag?.id ?? null);
  const { register, handleSubmit, setError, formState } = useForm<Form>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: tag?.name ?? '' },
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate(schema.parse(v), {
      onSuccess: onDone,
      onError: (e) => applyServerErrors(e, setError, ['name']),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="tag-form">
      <Stack gap="sm">
        <TextInput
          label={t('operator.common.name')}
          required
          maxLength={50}
          data-autofocus
          {...register('name')}
          error={fieldError(formState.errors.name)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('operator.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
