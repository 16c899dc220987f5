import { TIMINGS } from '@loyalty/contract/constants';
import { normalizePhone } from '@loyalty/contract/phone';
import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageHeader } from '../../components/page-header';
import { ScanButton } from '../../components/scan-button';
import { rolePath } from '../../lib/api';
import { RequestList } from './request-list';
import { RequestRow } from './request-row';

/** The digits worth searching for (the server needs at least 5), or undefined for "every request". */
export const searchDigits = (typed: string): string | undefined => {
  const digits = normalizePhone(typed).replace(/\D/g, '');
  return digits.length >= 5 ? digits.slice(0, 15) : undefined;
};

/**
 * /search (SPEC §2): the requests of the account, newest first, narrowed by the customer's phone
 * number typed in a box (debounced 1 s); rows link to /request/{id} with an Active / Not Active badge.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, TIMINGS.searchDebounceMs);
  const mobile = searchDigits(debounced);

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.search')} back="/dashboard" actions={<ScanButton />} />
      <TextInput
        label={t('requests.searchLabel')}
        placeholder={t('requests.searchPlaceholder')}
        description={t('requests.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        inputMode="tel"
        dir="ltr"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-testid="search-input"
      />
      <ExportButton path={rolePath('export/offer-requests.csv')} filters={{ mobile }} />
      <RequestList
        key={mobile ?? 'all'}
        kind="offer"
        filter={{ mobile }}
        paged
        renderRow={(r) => <RequestRow request={r} withBadge />}
        emptyText={t('requests.searchEmpty')}
        countTestId="request-count"
      />
    </Stack>
  );
}
