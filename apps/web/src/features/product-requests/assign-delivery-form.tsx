import { zodResolver } from '@hookform/resolvers/zod';
import { assignDeliveryBody } from '@loyalty/contract/endpoints/product-requests';
import { Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { useFieldError } from '../../lib/form-errors';
import { localized } from '../../lib/localized';
import { useAssignDelivery, useProductRequests } from './api';
import { CourierSelect } from './courier-select';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

interface Values {
  productRequestIds: string[];
  employeeId: string;
}

/**
 * The assign-delivery form (SPEC §2, §5): pending deliveries that no courier has started, and an
 * active courier; the submit button shows only when at least one order and a courier are chosen.
 */
export function AssignDeliveryForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const deliveries = useProductRequests('delivery');
  const assign = useAssignDelivery();
  const { control, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(assignDeliveryBody) as never,
    defaultValues: { productRequestIds: [], employeeId: '' },
  });
  const [chosen, courier] = useWatch({ control, name: ['productRequestIds', 'employeeId'] });
  const assignable = (deliveries.data?.rows ?? []).filter(
    (r) => r.status === 'pending' && (r.deliveryStatus === null || r.deliveryStatus === 'pending'),
  );
  // the chosen orders' branches first (all the waiting orders' while none is chosen)
  const chosenBranches = assignable.filter((r) => chosen.includes(String(r.id))).map((r) => r.Branch.id);

  const onSubmit = handleSubmit((v) =>
    assign.mutate(
      { productRequestIds: v.productRequestIds.map(Number), employeeId: Number(v.employeeId) },
      { onSuccess: () => reset({ productRequestIds: [], employeeId: '' }) },
    ),
  );

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="assign-delivery-title">
      <form onSubmit={onSubmit} noValidate data-testid="assign-delivery-form">
        <Stack gap="sm">
          <Title order={2} size="h5" id="assign-delivery-title">
            {t('product-requests.assign.title')}
          </Title>
          {assignable.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('product-requests.assign.nothing')}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('product-requests.assign.hint')}
              </Text>
              <Controller
                control={control}
                name="productRequestIds"
                render={({ field }) => (
                  <Checkbox.Group
                    label={t('product-requests.assign.requests')}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldError(formState.errors.productRequestIds)}
                  >
                    <Stack gap={8} mt={6}>
                      {assignable.map((r) => (
                        <Checkbox
                          key={r.id}
                          value={String(r.id)}
                          label={
                            <>
                              <Ltr>#{r.id}</Ltr> · <bdi>{r.user.name}</bdi> · <bdi>{localized(r.Product, 'name')}</bdi>
                            </>
                          }
                          description={
                            r.DeliveryEmployee
                              ? t('product-requests.assign.assignedTo', { name: fullName(r.DeliveryEmployee) })
                              : r.UserAddress
                                ? `${r.UserAddress.Address.area}, ${r.UserAddress.Address.city}`
                                : undefined
                          }
                        />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                )}
              />
              <Controller
                control={control}
                name="employeeId"
                render={({ field }) => (
                  <CourierSelect
                    orderBranchIds={chosenBranches.length > 0 ? chosenBranches : assignable.map((r) => r.Branch.id)}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    error={fieldError(formState.errors.employeeId)}
                  />
                )}
              />
              {chosen.length > 0 && courier !== '' && (
                <Button type="submit" loading={assign.isPending} leftSection={<IconTruckDelivery size={16} />}>
                  {t('product-requests.assign.submit')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
