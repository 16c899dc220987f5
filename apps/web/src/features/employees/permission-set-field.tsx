import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissionSets } from '../../lib/queries/permission-sets';

/** The value of the built-in set (every permission): what `merchant/employees/update` reads as "no set". */
export const DEFAULT_SET = 'default';

/** A staff member's permission set (issue 27): the built-in "Standard rights", then the merchant's sets. */
export function PermissionSetField({
  value,
  onChange,
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  const sets = usePermissionSets();
  const data = [
    { value: DEFAULT_SET, label: t('employees.standardRights') },
    ...(sets.data?.rows ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <Select
      label={t('employees.permissionSet')}
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? DEFAULT_SET)}
      onBlur={onBlur}
      allowDeselect={false}
      disabled={sets.isLoading}
      error={sets.isError ? sets.error.message : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid="permission-set-select"
    />
  );
}
