import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { RowList } from '../../components/row-card';
import { formatDate, formatPoints, formatPrice } from '../../lib/format';
import { useDeactivatePackage } from './mutations';
import { PackageForm } from './package-form';
import { usePackages } from './queries';
import type { PackageRow } from './types';
import { ConfirmButton, ListState } from './ui';

/** /operator/packages: the points packages, for sale or not; add, edit, take off sale. */
export function PackagesPage() {
  const { t } = useTranslation();
  const list = usePackages();
  const [editing, setEditing] = useState<PackageRow | 'new' | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('operator.areas.packages')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          aria-haspopup="dialog"
        >
          {t('operator.packages.add')}
        </Button>
      </Group>
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.packages.empty')}>
        {(d) => <RowList rows={d.rows}>{(p) => <PackageCard pkg={p} onEdit={() => setEditing(p)} />}</RowList>}
      </ListState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'operator.packages.add' : 'operator.packages.edit')}
        size="lg"
      >
        {editing !== null && <PackageForm pkg={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function PackageCard({ pkg, onEdit }: { pkg: PackageRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivatePackage();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="package-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>{pkg.name}</OneLine>
          <Badge variant="light" color={pkg.isActive ? 'teal' : 'gray'}>
            {t(pkg.isActive ? 'operator.packages.active' : 'operator.packages.inactive')}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <Bdi>{formatPoints(pkg.points)}</Bdi> · <Amount>{formatPrice(pkg.amount)}</Amount>
          </Text>
          {pkg.validto && (
            <Text size="xs" c="dimmed">
              {t('operator.packages.validUntil', { date: formatDate(pkg.validto) })}
            </Text>
          )}
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onEdit} aria-haspopup="dialog">
            {t('operator.packages.edit')}
          </Button>
          {pkg.isActive && (
            <ConfirmButton
              label={t('operator.packages.deactivate')}
              title={t('operator.packages.deactivate')}
              message={t('operator.packages.deactivateConfirm', { name: pkg.name })}
              pending={deactivate.isPending}
              onConfirm={() => deactivate.mutateAsync(pkg.id)}
              color="red"
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
