import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { CatalogueCard, ListPage } from './list-page';
import { useDeactivateTag } from './mutations';
import { useTags } from './queries';
import { TagForm } from './tag-form';
import type { TagRow } from './types';

/** /operator/tags: the platform's tags merchants put on offers and products; add, rename, take out of use. */
export function TagsPage() {
  const { t } = useTranslation();
  return (
    <ListPage<TagRow>
      title={t('operator.areas.tags')}
      addLabel={t('operator.tags.add')}
      editLabel={t('operator.tags.edit')}
      query={useTags()}
      empty={t('operator.tags.empty')}
      row={(tag, edit) => <TagCard tag={tag} onEdit={edit} />}
      form={(tag, done) => <TagForm tag={tag} onDone={done} />}
    />
  );
}

function TagCard({ tag, onEdit }: { tag: TagRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateTag();
  return (
    <CatalogueCard
      area="tags"
      testId="tag-row"
      name={tag.name}
      isActive={tag.isActive}
      onEdit={onEdit}
      deactivate={{ isPending: deactivate.isPending, run: () => deactivate.mutateAsync(tag.id) }}
    >
      <Text size="xs" c="dimmed">
        {t('operator.tags.since', { date: formatDate(tag.createdAt) })}
      </Text>
    </CatalogueCard>
  );
}
