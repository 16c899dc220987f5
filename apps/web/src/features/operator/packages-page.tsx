import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { formatDate, formatPoints, formatPrice } from '../../lib/format';
import { CatalogueCard, ListPage } from './list-page';
import { useDeactivatePackage } from './mutations';
import { PackageForm } from './package-form';
import { usePackages } from './queries';
import type { PackageRow } from './types';

/** /operator/packages: the points packages, for sale or not; add, edit, take off sale. */
export function PackagesPage() {
  const { t } = useTranslation();
  return (
    <ListPage<PackageRow>
      title={t('operator.areas.packages')}
      addLabel={t('operator.packages.add')}
      editLabel={t('operator.packages.edit')}
      query={usePackages()}
      empty={t('operator.packages.empty')}
      row={(p, edit) => <PackageCard pkg={p} onEdit={edit} />}
      form={(p, done) => <PackageForm pkg={p} onDone={done} />}
      modalSize="lg"
    />
  );
}

function PackageCard({ pkg, onEdit }: { pkg: PackageRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivatePackage();
  return (
    <CatalogueCard
      area="packages"
      testId="package-row"
      name={pkg.name}
      isActive={pkg.isActive}
      onEdit={onEdit}
      deactivate={{ isPending: deactivate.isPending, run: () => deactivate.mutateAsync(pkg.id) }}
    >
      <Stack gap={2}>
        <Text size="sm">
          <Bdi>{formatPoints(pkg.points)}</Bdi> · <Amount>{formatPrice(pkg.amount)}</Amount>
        </Text>
        {pkg.validto && (
          <Text size="xs" c="dimmed">
            {t('operator.packages.validUntil', { date: formatDate(pkg.validto) })}
          </Text>
        )}
      </Stack>
    </CatalogueCard>
  );
}
