import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneLine } from '../../components/bidi';
import { RowList } from '../../components/row-card';
import { formatDate } from '../../lib/format';
import { useDeactivateTag } from './mutations';
import { useTags } from './queries';
import { TagForm } from './tag-form';
import type { TagRow } from './types';
import { ConfirmButton, ListState } from './ui';

/** /operator/tags: the platform's tags merchants put on offers and products; add, rename, take out of use. */
export function TagsPage() {
  const { t } = useTranslation();
  const list = useTags();
  const [editing, setEditing] = useState<TagRow | 'new' | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('operator.areas.tags')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          aria-haspopup="dialog"
        >
          {t('operator.tags.add')}
        </Button>
      </Group>
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.tags.empty')}>
        {(d) => <RowList rows={d.rows}>{(tag) => <TagCard tag={tag} onEdit={() => setEditing(tag)} />}</RowList>}
      </ListState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'operator.tags.add' : 'operator.tags.edit')}
      >
        {editing !== null && <TagForm tag={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function TagCard({ tag, onEdit }: { tag: TagRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateTag();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="tag-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>{tag.name}</OneLine>
          <Badge variant="light" color={tag.isActive ? 'teal' : 'gray'}>
            {t(tag.isActive ? 'operator.tags.active' : 'operator.tags.inactive')}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('operator.tags.since', { date: formatDate(tag.createdAt) })}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} aria-haspopup="dialog">
              {t('operator.tags.edit')}
            </Button>
            {tag.isActive && (
              <ConfirmButton
                label={t('operator.tags.deactivate')}
                title={t('operator.tags.deactivate')}
                message={t('operator.tags.deactivateConfirm', { name: tag.name })}
                pending={deactivate.isPending}
                onConfirm={() => deactivate.mutateAsync(tag.id)}
                color="red"
              />
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
