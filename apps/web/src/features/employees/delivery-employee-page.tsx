import { Button, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { EmployeeInfo } from './employee-info';
import { UpdateEmployeeForm } from './update-employee-form';
import { useEmployeeParam } from './use-employee-param';

/**
 * /deliveryemployeelist/:merchantUserId (SPEC §2): header with the full name; tabs Information
 * (name, mobile) and Employee Info (the courier's product requests); the update sheet.
 */
export function DeliveryEmployeePage() {
  const { t } = useTranslation();
  const details = useEmployeeParam();
  const [editing, setEditing] = useState(false);

  if (details.isLoading) return <LoadingScreen />;
  const e = details.data;
  if (!e)
    return (
      <Stack>
        <PageHeader title={t('screens.deliveryEmployee')} back="/setting?sheet=deliveryEmployees" />
        <Text c="dimmed">{t('employees.notFound')}</Text>
      </Stack>
    );
  const requests = e.merchantUser.ProductRequests;
  return (
    <Stack gap="md">
      <PageHeader
        title={e.name}
        back="/setting?sheet=deliveryEmployees"
        actions={
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t('employees.update')}
          </Button>
        }
      />
      <Tabs defaultValue="information" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="information">{t('employees.information')}</Tabs.Tab>
          <Tabs.Tab value="employeeInfo">{t('employees.employeeInfo')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="information" pt="md">
          <EmployeeInfo employee={e} short />
        </Tabs.Panel>
        <Tabs.Panel value="employeeInfo" pt="md">
          <Stack gap="sm">
            <Text fw={600}>{t('employees.productRequests')}</Text>
            {/* product requests arrive with their own issue; until then every courier has none */}
            {requests.length === 0 && (
              <Text c="dimmed" ta="center" py="md">
                {t('employees.noProductRequests')}
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('employees.updateTitle')}>
        <UpdateEmployeeForm key={`${e.id}-${editing}`} employee={e} onDone={() => setEditing(false)} />
      </BottomSheet>
    </Stack>
  );
}
