import type { ProductRequest } from '@loyalty/contract';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import { localized } from '../../lib/localized';
import classes from './employees.module.css';

/** Where an assignment stands, from the courier's point of view. */
const stateOf = (r: ProductRequest) => {
  if (r.isCanceled) return { key: 'canceled', color: 'red' };
  if (r.status === 'refund.pending' || r.status === 'refund.done') return { key: 'refunded', color: 'gray' };
  if (r.deliveryStatus === 'done' || r.status === 'done') return { key: 'done', color: 'teal' };
  if (r.deliveryStatus === 'inProgress') return { key: 'inProgress', color: 'blue' };
  return { key: 'pending', color: 'orange' };
};

/** The product requests assigned to a courier (Employee Info tab), each linking to its details. */
export function AssignmentList({ requests }: { requests: ProductRequest[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" className={classes.list} data-testid="courier-assignments">
      {requests.map((r) => {
        const state = stateOf(r);
        return (
          <li key={r.id}>
            <UnstyledButton component={Link} to={`/productrequest/${r.id}`} className={classes.rowButton}>
              <Paper withBorder radius="md" p="sm" className={classes.row}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate dir="auto">
                      {r.user.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate dir="auto">
                      <Ltr>#{r.id}</Ltr> · {localized(r.Product, 'name')}
                    </Text>
                  </Stack>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={state.color} variant="light">
                      {t(`employees.assignment.${state.key}`)}
                    </Badge>
                    <IconChevronRight size={18} className={classes.chevron} aria-hidden />
                  </Group>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
