/** The console's list pages (packages, tags, invoices, operators): one shape, one component. */
import { Badge, Button, Group, Modal, type ModalProps, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneLine } from '../../components/bidi';
import { RowList } from '../../components/row-card';
import { ConfirmButton, ListState } from './ui';

interface ListPageProps<R extends { id: number }> {
  title: string;
  /** The add button's label, and the dialog's title when adding. */
  addLabel: string;
  /** The dialog's title when editing a row (rows are not editable without it). */
  editLabel?: string;
  query: Pick<UseQueryResult<{ rows: R[] }>, 'data' | 'error' | 'isLoading' | 'isFetching' | 'refetch'>;
  empty: string;
  /** Filters between the title and the list. */
  filters?: ReactNode;
  /** A row's card; `edit` opens the dialog on it. */
  row: (row: R, edit: () => void) => ReactNode;
  /** The dialog's form: `null` to add; `done` closes the dialog. */
  form: (row: R | null, done: () => void) => ReactNode;
  modalSize?: ModalProps['size'];
  /** More on the page (a dialog of the page's own). */
  children?: ReactNode;
}

/** A title with its add button, optional filters, the list in its states, and the add/edit dialog. */
export function ListPage<R extends { id: number }>(p: ListPageProps<R>) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {p.title}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          aria-haspopup="dialog"
        >
          {p.addLabel}
        </Button>
      </Group>
      {p.filters}
      <ListState query={p.query} isEmpty={(d) => d.rows.length === 0} empty={p.empty}>
        {(d) => <RowList rows={d.rows}>{(r) => p.row(r, () => setEditing(r))}</RowList>}
      </ListState>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' || !p.editLabel ? p.addLabel : p.editLabel}
        size={p.modalSize}
      >
        {editing !== null && p.form(editing === 'new' ? null : editing, close)}
      </Modal>
      {p.children}
    </Stack>
  );
}

/** The texts of a catalogue row's card (a package, a tag): under `operator.<area>.`. */
interface CatalogueCardProps {
  area: 'packages' | 'tags';
  testId: string;
  name: string;
  isActive: boolean;
  onEdit: () => void;
  deactivate: { isPending: boolean; run: () => Promise<unknown> };
  /** The card's middle: what the row holds. */
  children: ReactNode;
}

/** A card of something the platform offers: its name and whether it is in use, its details, edit and take out of use. */
export function CatalogueCard({ area, testId, name, isActive, onEdit, deactivate, children }: CatalogueCardProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>{name}</OneLine>
          <Badge variant="light" color={isActive ? 'teal' : 'gray'}>
            {t(isActive ? `operator.${area}.active` : `operator.${area}.inactive`)}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          {children}
          <Group gap="xs" ms="auto">
            <Button size="xs" variant="default" onClick={onEdit} aria-haspopup="dialog">
              {t(`operator.${area}.edit`)}
            </Button>
            {isActive && (
              <ConfirmButton
                label={t(`operator.${area}.deactivate`)}
                title={t(`operator.${area}.deactivate`)}
                message={t(`operator.${area}.deactivateConfirm`, { name })}
                pending={deactivate.isPending}
                onConfirm={deactivate.run}
                color="red"
              />
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
