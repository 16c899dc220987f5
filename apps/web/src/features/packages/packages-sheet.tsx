import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowCard, RowList } from '../../components/row-card';
import { formatDate, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import type { SheetProps } from '../../lib/menu';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { usePackageList } from './api';
import classes from './packages.module.css';

/** The settings entry "Packages" (also the dashboard's Buy packages): packages for sale (name, description, amount), each opening /package/{id}. */
export default function PackagesSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const packages = usePackageList();
  const display = useCurrencyDisplay();
  const rows = packages.data?.packageData.rows ?? [];
  return (
    <Stack gap="sm">
      {packages.isLoading && <LoadingScreen fullHeight={false} />}
      {packages.isSuccess && rows.length === 0 && <EmptyState text={t('packages.noPackages')} />}
      <RowList rows={rows}>
        {(p) => (
          <RowCard to={`/package/${p.id}`} onClick={onClose} testId="package-row">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <IconPackage size={28} aria-hidden className={classes.icon} />
              <Stack gap={2} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <OneLine fw={700}>{localized(p, 'name')}</OneLine>
                  <Text fw={700} c="teal.9">
                    <Amount>{formatMoney(p.amount, display)}</Amount>
                  </Text>
                </Group>
                {p.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    <Bdi>{localized(p, 'description')}</Bdi>
                  </Text>
                )}
                <Group gap="xs">
                  <Badge variant="light">
                    <Amount>{formatPoints(p.points)}</Amount>
                  </Badge>
                  {p.validto && (
                    <Text size="xs" c="dimmed">
                      {t('packages.validTo', { date: formatDate(p.validto) })}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Group>
          </RowCard>
        )}
      </RowList>
    </Stack>
  );
}
