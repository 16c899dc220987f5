import { Button, Group, Tabs } from '@mantine/core';
import { IconCoins, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SheetProps } from '../../lib/menu';
import { RequestList } from './request-list';
import { RequestRow } from './request-row';

/**
 * Settings → Offer requests (SPEC §2 "Requests"): tabs Pending, Done and Rejected; rows link to
 * /request/{id}; Done pages 10 at a time; links to the search screen and the redeem requests.
 */
export default function RequestsSheet(_: SheetProps) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="xs" mb="sm">
        <Button component={Link} to="/search" variant="light" size="xs" leftSection={<IconSearch size={14} />}>
          {t('requests.searchLink')}
        </Button>
        <Button component={Link} to="/redeems" variant="light" size="xs" leftSection={<IconCoins size={14} />}>
          {t('requests.redeemsLink')}
        </Button>
      </Group>
      <Tabs defaultValue="pending" keepMounted={false}>
        <Tabs.List grow mb="sm">
          <Tabs.Tab value="pending">{t('requests.pending')}</Tabs.Tab>
          <Tabs.Tab value="done">{t('requests.done')}</Tabs.Tab>
          <Tabs.Tab value="rejected">{t('requests.rejected')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending">
          <RequestList
            kind="offer"
            filter={{ status: 'pending' }}
            renderRow={(r) => <RequestRow request={r} />}
            emptyText={t('requests.empty')}
            countTestId="request-count"
          />
        </Tabs.Panel>
        <Tabs.Panel value="done">
          <RequestList
            kind="offer"
            filter={{ status: 'done' }}
            paged
            renderRow={(r) => <RequestRow request={r} />}
            emptyText={t('requests.empty')}
            countTestId="request-count"
          />
        </Tabs.Panel>
        <Tabs.Panel value="rejected">
          <RequestList
            kind="offer"
            filter={{ status: 'rejected' }}
            paged
            renderRow={(r) => <RequestRow request={r} />}
            emptyText={t('requests.empty')}
            countTestId="request-count"
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
