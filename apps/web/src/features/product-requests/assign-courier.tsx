import type { ProductRequest } from '@loyalty/contract';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignDelivery } from './api';
import { CourierSelect } from './courier-select';

/** A delivery order a courier can still be given: pending, not canceled, not on its way yet. */
export const canAssign = (r: ProductRequest) =>
  r.type === 'delivery' &&
  r.status === 'pending' &&
  !r.isCanceled &&
  (r.deliveryStatus === null || r.deliveryStatus === 'pending');

/**
 * Assign (or hand over) this order's delivery from its own page (issue 23, point 12): the active
 * couriers with their branches, this order's branch first; "Assigned successfully" confirms.
 */
export function AssignCourier({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const assign = useAssignDelivery();
  const [courier, setCourier] = useState<string | null>(null);
  const submit = () => {
    if (!courier) return;
    assign.mutate({ productRequestIds: [r.id], employeeId: Number(courier) }, { onSuccess: () => setCourier(null) });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="assign-courier-title">
      <Stack gap="sm" data-testid="assign-courier">
        <Title order={2} size="h5" id="assign-courier-title">
          {r.DeliveryEmployee ? t('product-requests.assign.reassignTitle') : t('product-requests.assign.title')}
        </Title>
        <CourierSelect orderBranchIds={[r.Branch.id]} value={courier} onChange={setCourier} />
        {/* SPEC §5: the submit button shows once a courier is chosen */}
        {courier && (
          <Group justify="flex-end">
            <Button
              onClick={submit}
              loading={assign.isPending}
              leftSection={<IconTruckDelivery size={16} aria-hidden />}
            >
              {t('product-requests.assign.submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
