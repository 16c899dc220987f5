import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBranchOptions } from '../lib/queries/branches';

export interface BranchSelectProps {
  label: string;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
}

/** A picker of the merchant's branches (`merchant/branch/list`); merchants only. */
export function BranchSelect({ label, value, onChange, onBlur, error, required }: BranchSelectProps) {
  const { t } = useTranslation();
  const branches = useBranchOptions();
  const data = branches.data ?? [];
  return (
    <Select
      label={label}
      placeholder={branches.isLoading ? t('common.loadingPleaseWait') : t('branchSelect.placeholder')}
      data={data}
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      error={error}
      required={required}
      searchable={data.length > 6}
      nothingFoundMessage={t('branchSelect.none')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
