import { Anchor, Group, Tabs } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InfoList, type InfoRow } from './info-list';

/** The profile's tabs Information and Merchant Info, then the link to change the password. */
export function ProfileTabs({ info, merchant }: { info: InfoRow[]; merchant: InfoRow[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="info">{t('profile.information')}</Tabs.Tab>
          <Tabs.Tab value="merchant">{t('profile.merchantInfo')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoList rows={info} />
        </Tabs.Panel>
        <Tabs.Panel value="merchant" pt="md">
          <InfoList rows={merchant} />
        </Tabs.Panel>
      </Tabs>
      <Anchor component={Link} to="/profile/changepassword" size="sm">
        <Group gap={6} component="span">
          <IconKey size={16} aria-hidden />
          {t('profile.changePassword')}
        </Group>
      </Anchor>
    </>
  );
}
