import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCouriers } from './api';
import { courierOptions } from './courier-options';

export interface CourierSelectProps {
  /** The branches of the orders to deliver: their couriers come first. */
  orderBranchIds: readonly number[];
  value: string | null;
  onChange: (courier: string | null) => void;
  onBlur?: () => void;
  error?: string;
}

/** The merchant's active couriers, each with its branch, the orders' branches first (issue 23). */
export function CourierSelect({ orderBranchIds, value, onChange, onBlur, error }: CourierSelectProps) {
  const { t } = useTranslation();
  const couriers = useCouriers();
  const options = courierOptions(couriers.data ?? [], orderBranchIds, {
    otherBranches: t('product-requests.assign.otherBranches'),
    noBranch: t('product-requests.assign.noBranch'),
  });
  return (
    <Stack gap="sm">
      <Select
        label={t('product-requests.assign.courier')}
        placeholder={t('product-requests.assign.courierPlaceholder')}
        data={options}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        nothingFoundMessage={t('product-requests.assign.noCouriers')}
        comboboxProps={{ withinPortal: true }}
        allowDeselect={false}
      />
      {options.length === 0 && !couriers.isLoading && (
        <Text size="sm" c="orange">
          {t('product-requests.assign.noCouriers')}
        </Text>
      )}
    </Stack>
  );
}
