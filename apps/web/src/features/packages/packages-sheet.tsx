import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { formatDate, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import type { SheetProps } from '../../lib/menu';
import { usePackageList } from './api';
import classes from './packages.module.css';

/** The settings entry "Packages" (also the dashboard's Buy packages): packages for sale, each opening /package/{id}. */
export default function PackagesSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const packages = usePackageList();
  const rows = packages.data?.packageData.rows ?? [];
  return (
    <Stack gap="sm">
      {packages.isLoading && <LoadingScreen fullHeight={false} />}
      {packages.isSuccess && rows.length === 0 && <EmptyState text={t('packages.noPackages')} />}
      {rows.map((p) => (
        <UnstyledButton
          key={p.id}
          component={Link}
          to={`/package/${p.id}`}
          onClick={onClose}
          className={classes.row}
          data-testid="package-row"
        >
          <Group wrap="nowrap" gap="sm" align="flex-start">
            <IconPackage size={28} aria-hidden className={classes.icon} />
            <Stack gap={2} flex={1} miw={0}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} truncate>
                  <bdi dir="auto">{localized(p, 'name')}</bdi>
                </Text>
                <Text fw={700} c="teal.8">
                  <Ltr>{formatPrice(p.amount)}</Ltr>
                </Text>
              </Group>
              {p.description && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  <bdi dir="auto">{localized(p, 'description')}</bdi>
                </Text>
              )}
              <Group gap="xs">
                <Badge variant="light">
                  <Ltr>{formatPoints(p.points)}</Ltr>
                </Badge>
                {p.validto && (
                  <Text size="xs" c="dimmed">
                    {t('packages.validTo', { date: formatDate(p.validto) })}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
