import type { PackageRequest } from '@loyalty/contract';
import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { formatPoints } from '../../lib/format';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { AddCardForm } from './add-card-form';
import { useBuyPackage, useCards } from './api';
import { CardLabel } from './card-label';

/**
 * The buy sheet's payment options (SPEC §2): the saved cards with the default pre-selected and only
 * the first shown until "Show more", the add-card form, and Pay Now (disabled without a card). One
 * idempotency key per opening of the sheet: a double tap, or a retry after a lost answer, buys once.
 */
export function PaymentOptions({
  pkg,
  onBought,
}: {
  pkg: { id: number; amount: number; points: number };
  onBought: (purchase: PackageRequest) => void;
}) {
  const { t } = useTranslation();
  const cards = useCards();
  const display = useCurrencyDisplay();
  const buy = useBuyPackage();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [chosen, setChosen] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [adding, setAdding] = useState(false);
  const rows = cards.data?.rows ?? [];
  const selected = chosen ?? String(rows.find((c) => c.isDefault)?.id ?? rows[0]?.id ?? '');
  const shown = showAll ? rows : rows.slice(0, 1);
  const canPay = rows.length > 0 && selected !== '' && !adding;

  const pay = () =>
    buy.mutate(
      { packageId: pkg.id, cardId: Number(selected), paymentType: 'stripe', idempotencyKey },
      { onSuccess: onBought },
    );

  return (
    <Stack gap="sm" data-testid="payment-options">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('packages.youPay')}
          </Text>
          <Text fw={700}>
            <Amount>{formatMoney(pkg.amount, display)}</Amount>
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('packages.youGet')}
          </Text>
          <Text fw={700}>
            <Amount>{formatPoints(pkg.points)}</Amount>
          </Text>
        </Group>
      </Paper>
      <Text fw={600}>{t('packages.paymentOptions')}</Text>
      {cards.isLoading && <LoadingScreen fullHeight={false} />}
      {cards.isSuccess && rows.length === 0 && !adding && <EmptyState text={t('packages.noCards')} />}
      {rows.length > 0 && (
        <Radio.Group value={selected} onChange={setChosen} aria-label={t('packages.chooseCard')}>
          <Stack gap="xs">
            {shown.map((card) => (
              <Radio.Card key={card.id} value={String(card.id)} radius="md" p="sm" data-testid="card-choice">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <CardLabel card={card} />
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {rows.length > 1 && (
        <Button variant="subtle" size="xs" onClick={() => setShowAll((v) => !v)} style={{ alignSelf: 'flex-start' }}>
          {showAll ? t('packages.showLess') : t('packages.showMore', { count: rows.length - 1 })}
        </Button>
      )}
      {adding ? (
        <Paper withBorder radius="md" p="sm">
          <AddCardForm
            onDone={(card) => {
              setAdding(false);
              setChosen(String(card.id));
            }}
            onCancel={() => setAdding(false)}
          />
        </Paper>
      ) : (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
          data-opens-form
        >
          {t('packages.addCard')}
        </Button>
      )}
      <Button
        size="md"
        leftSection={<IconLock size={18} aria-hidden />}
        disabled={!canPay}
        loading={buy.isPending}
        onClick={pay}
      >
        {t('packages.payNow')}
      </Button>
    </Stack>
  );
}
