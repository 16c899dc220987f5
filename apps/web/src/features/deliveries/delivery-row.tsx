import type { DeliveryRow as Row } from '@loyalty/contract';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import { localized } from '../../lib/localized';
import classes from './deliveries.module.css';

/** One delivery: customer, product and where to take it; links to /deliveryProduct/{id}. */
export function DeliveryRow({ row: r }: { row: Row }) {
  const a = r.UserAddress?.Address;
  return (
    <UnstyledButton
      component={Link}
      to={`/deliveryProduct/${r.id}`}
      className={classes.rowLink}
      data-testid="delivery-row"
      data-id={r.id}
    >
      <Paper withBorder radius="md" p="sm" className={classes.row}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate dir="auto">
              {r.User.name}
            </Text>
            <Text size="sm" truncate dir="auto">
              {localized(r.Product, 'name')}
            </Text>
            <Text size="xs" c="dimmed" truncate dir="auto">
              <Ltr>#{r.id}</Ltr> · {a ? `${a.address1}, ${a.area}` : r.Branch.branchName}
            </Text>
          </Stack>
          <IconChevronRight size={18} className={classes.chevron} aria-hidden />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
