import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AssignmentList } from './assignment-list';
import { EmployeeInfo } from './employee-info';
import { EmployeePage } from './employee-page';

/**
 * /deliveryemployeelist/:merchantUserId (SPEC §2): header with the full name; tabs Information
 * (name, mobile) and Employee Info (the courier's product requests); the update sheet.
 */
export function DeliveryEmployeePage() {
  const { t } = useTranslation();
  return (
    <EmployeePage title={t('screens.deliveryEmployee')} back="/setting?sheet=deliveryEmployees">
      {(e) => (
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
              {e.merchantUser.ProductRequests.length === 0 ? (
                <Text c="dimmed" ta="center" py="md">
                  {t('employees.noProductRequests')}
                </Text>
              ) : (
                <AssignmentList requests={e.merchantUser.ProductRequests} />
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </EmployeePage>
  );
}
