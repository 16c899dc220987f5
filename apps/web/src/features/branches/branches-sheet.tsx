import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import type { SheetProps } from '../../lib/menu';
import { BranchForm } from './branch-form';
import { BranchList } from './branch-list';

/** The settings entry "Branches": the list, and the add form in its place after Add Branch. */
export default function BranchesSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  if (!adding) return <BranchList onAdd={() => setAdding(true)} onOpen={onClose} />;
  return (
    <Stack gap="sm">
      <BackButton label={t('branches.backToList')} onClick={() => setAdding(false)} />
      <BranchForm onDone={() => setAdding(false)} />
    </Stack>
  );
}
