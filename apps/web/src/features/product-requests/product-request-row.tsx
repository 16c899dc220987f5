import type { ProductRequest } from '@loyalty/contract';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import { formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import classes from './product-requests.module.css';
import { statusColor, statusKey } from './status';

/**
 * One product request: customer, product and branch, what it costs, and its state (SPEC §4: not
 * canceled shows as active with its status, canceled as "Order is Canceled"); links to its details.
 */
export function ProductRequestRow({ request: r }: { request: ProductRequest }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={`/productrequest/${r.id}`}
      className={classes.rowLink}
      data-testid="product-request-row"
      data-id={r.id}
    >
      <Paper withBorder radius="md" p="sm" className={classes.row}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate dir="auto">
              {r.user.name}
            </Text>
            <Text size="sm" truncate dir="auto">
              {localized(r.Product, 'name')}
            </Text>
            <Text size="xs" c="dimmed" truncate dir="auto">
              <Ltr>#{r.id}</Ltr> · {r.Branch.branchName}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap" className={classes.aside}>
            <Stack gap={4} align="flex-end">
              <Text size="sm" fw={600}>
                <Ltr>{r.payWith === 'points' ? formatPoints(r.points) : formatPrice(r.price)}</Ltr>
              </Text>
              {r.isCanceled ? (
                <Badge color="red" variant="light">
                  {t('product-requests.orderCanceled')}
                </Badge>
              ) : (
                <Badge color={statusColor(r.status)} variant="light" data-status={r.status}>
                  {t(`product-requests.status.${statusKey(r.status)}`)}
                </Badge>
              )}
            </Stack>
            <IconChevronRight size={18} className={classes.chevron} aria-hidden />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
