import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC §2: Active or Not Active. */
export function BranchStatus({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'red'} variant="light" size="sm">
      {active ? t('branches.active') : t('branches.notActive')}
    </Badge>
  );
}
