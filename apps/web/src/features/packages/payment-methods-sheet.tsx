import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { AddCardForm } from './add-card-form';
import { useCards, useDeleteCard, useSetDefaultCard } from './api';
import { CardLabel } from './card-label';

/**
 * The settings entry "Payment methods": the saved cards (default first), a Default checkbox that is
 * disabled on the default card, Delete (not for the default while other cards exist, SPEC §4) and
 * the add-card form.
 */
export default function PaymentMethodsSheet(_: SheetProps) {
  const { t } = useTranslation();
  const cards = useCards();
  const setDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const [adding, setAdding] = useState(false);
  const rows = cards.data?.rows ?? [];

  if (adding)
    return (
      <Stack gap="sm">
        <BackButton label={t('packages.backToCards')} onClick={() => setAdding(false)} />
        <AddCardForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('packages.cardCount', { count: cards.data?.count ?? 0 })}
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          size="sm"
          onClick={() => setAdding(true)}
          data-opens-form
        >
          {t('packages.addCard')}
        </Button>
      </Group>
      {cards.isLoading && <LoadingScreen fullHeight={false} />}
      {cards.isSuccess && rows.length === 0 && <EmptyState text={t('packages.noCards')} />}
      {rows.map((card) => {
        const locked = card.isDefault && rows.length > 1;
        return (
          <Paper key={card.id} withBorder radius="md" p="sm" data-testid="card-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <CardLabel card={card} />
                {card.isDefault && (
                  <Badge variant="light" color="teal">
                    {t('packages.default')}
                  </Badge>
                )}
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  label={t('packages.makeDefault')}
                  checked={card.isDefault}
                  disabled={card.isDefault || setDefault.isPending}
                  onChange={() => setDefault.mutate(card.id)}
                />
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  disabled={locked}
                  title={locked ? t('msg.defaultCardDelete') : undefined}
                  loading={remove.isPending && remove.variables === card.id}
                  onClick={() => remove.mutate(card.id)}
                >
                  {t('packages.deleteCard')}
                </Button>
              </Group>
              {locked && (
                <Text size="xs" c="dimmed">
                  {t('packages.defaultLocked')}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
