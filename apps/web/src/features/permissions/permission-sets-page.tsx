import type { PermissionSet } from '@loyalty/contract';
import { DEFAULT_PERMISSIONS } from '@loyalty/contract/permissions';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { formatNumber } from '../../lib/format';
import { usePermissionSets } from '../../lib/queries/permission-sets';
import { useDeletePermissionSet } from './api';
import { PermissionSetForm } from './permission-set-form';
import classes from './permissions.module.css';

type Editing = { kind: 'add' } | { kind: 'edit'; set: PermissionSet } | null;

function SetRow({
  name,
  count,
  staff,
  badge,
  actions,
}: {
  name: string;
  count: number;
  staff?: number;
  badge?: string;
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} data-testid="permission-set-row">
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600}>
            <Bdi>{name}</Bdi>
          </Text>
          {badge && (
            <Badge size="xs" variant="light" color="gray">
              {badge}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('permissions.count', { count: formatNumber(count) })}
          {staff !== undefined && ` · ${t('permissions.staffCount', { count: formatNumber(staff) })}`}
        </Text>
      </Stack>
      {actions && (
        <Group gap={4} wrap="nowrap">
          {actions}
        </Group>
      )}
    </div>
  );
}

/**
 * /permission-sets (merchant, issue 27): the built-in "Standard rights" set (SPEC's staff rights, listed), then the merchant's sets
 * with their permission and staff counts; add and edit in a modal, delete after a confirmation (a
 * set some staff member has is refused with the server's message).
 */
export function PermissionSetsPage() {
  const { t, i18n } = useTranslation();
  const list = usePermissionSets();
  const remove = useDeletePermissionSet();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PermissionSet | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (e) => setDeleteError(e.message),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('screens.permissionSets')}
        back="/setting"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ kind: 'add' })}>
            {t('permissions.add')}
          </Button>
        }
      />
      <Paper withBorder radius="md">
        <SetRow
          name={t('permissions.defaultSet')}
          count={DEFAULT_PERMISSIONS.length}
          badge={t('permissions.readOnly')}
        />
        <Text size="xs" c="dimmed" px="md" pb="sm">
          {t('permissions.defaultSetHint')}
        </Text>
        <Text size="xs" px="md" pb="sm" data-testid="default-set-holds">
          {t('permissions.defaultSetHolds', {
            list: DEFAULT_PERMISSIONS.map((p) => t(`permissions.labels.${p}`)).join(
              i18n.language === 'ar' ? '، ' : ', ',
            ),
          })}
        </Text>
      </Paper>
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.isError && (
        <Alert color="red" title={t('permissions.loadFailed')}>
          <Button variant="light" color="red" size="xs" onClick={() => list.refetch()}>
            {t('permissions.retry')}
          </Button>
        </Alert>
      )}
      {list.isSuccess && rows.length === 0 && <EmptyState text={t('permissions.empty')} />}
      {rows.length > 0 && (
        <Paper withBorder radius="md" data-testid="permission-sets">
          {rows.map((s) => (
            <SetRow
              key={s.id}
              name={s.name}
              count={s.permissions.length}
              staff={s.staffCount}
              actions={
                <>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('permissions.editSet', { name: s.name })}
                    onClick={() => setEditing({ kind: 'edit', set: s })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('permissions.deleteSet', { name: s.name })}
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(s);
                    }}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </>
              }
            />
          ))}
        </Paper>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t('permissions.edit') : t('permissions.add')}
        size="lg"
      >
        {editing && (
          <PermissionSetForm
            key={editing.kind === 'edit' ? editing.set.id : 'new'}
            set={editing.kind === 'edit' ? editing.set : undefined}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('permissions.deleteTitle')}>
        <Stack gap="sm">
          <Text>{t('permissions.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
          {deleteError && (
            <Alert color="red" role="alert" data-testid="delete-error">
              {deleteError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('permissions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
